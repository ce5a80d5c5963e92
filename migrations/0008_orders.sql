-- Quote requests that become orders (issue 13, docs/decisions/0018): the same model as Supabase's
-- 20261126000000_push_orders.sql. Dates are YYYY-MM-DD days on the company's calendar; instants are epoch ms like
-- the rest of this database. A status link's token is stored only as its SHA-256 (hex).

CREATE TABLE customers (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  -- "Found or created by email": stored lower-cased.
  email      TEXT NOT NULL UNIQUE,
  phone      TEXT NOT NULL DEFAULT '',
  company    TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

CREATE TABLE orders (
  id                 INTEGER PRIMARY KEY,
  customer_id        INTEGER NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  -- A service or language deleted later leaves the order as it was asked for (its name is kept beside it).
  service_id         INTEGER REFERENCES services (id) ON DELETE SET NULL,
  service_title      TEXT NOT NULL,
  source_language_id INTEGER REFERENCES languages (id) ON DELETE SET NULL,
  source_language    TEXT NOT NULL,
  deadline           TEXT NOT NULL CHECK (deadline GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  details            TEXT NOT NULL DEFAULT '',
  locale             TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ar')),
  status             TEXT NOT NULL DEFAULT 'new'
                     CHECK (status IN ('new', 'quoted', 'accepted', 'declined', 'in_progress', 'delivered', 'completed', 'cancelled')),
  -- Every change adds one: a transition names the version its page showed (compare-and-set).
  version            INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  interpreter_id     TEXT REFERENCES users (id) ON DELETE SET NULL,
  internal_note      TEXT NOT NULL DEFAULT '',
  cancel_reason      TEXT NOT NULL DEFAULT '',
  token_hash         TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
  -- The token sealed with the worker's secret (AES-GCM), so later e-mails can carry the link; useless without it.
  token_sealed       TEXT,
  token_revoked_at   INTEGER,
  -- A random id written by each change: the rows a change adds in the same batch are inserted only where the order
  -- carries that change's id, so a change that lost its compare-and-set adds nothing (app/backend/d1/orders.server.ts).
  last_change        TEXT,
  created_at         INTEGER NOT NULL,
  updated_at         INTEGER NOT NULL
);
CREATE INDEX orders_status_created ON orders (status, created_at DESC);
CREATE INDEX orders_customer ON orders (customer_id);
CREATE INDEX orders_interpreter ON orders (interpreter_id);

CREATE TABLE order_targets (
  order_id    INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  language_id INTEGER REFERENCES languages (id) ON DELETE SET NULL,
  language    TEXT NOT NULL,
  position    INTEGER NOT NULL,
  PRIMARY KEY (order_id, position)
);

CREATE TABLE order_quotes (
  order_id     INTEGER PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency     TEXT NOT NULL CHECK (length(currency) = 3 AND currency NOT GLOB '*[^A-Z]*'),
  due_date     TEXT NOT NULL,
  valid_until  TEXT NOT NULL,
  quoted_at    INTEGER NOT NULL
);

CREATE TABLE order_files (
  id           INTEGER PRIMARY KEY,
  order_id     INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind         TEXT NOT NULL CHECK (kind IN ('source', 'delivery')),
  -- The object's key in the private bucket: random, never derived from the file's name.
  object_key   TEXT NOT NULL UNIQUE,
  file_name    TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size         INTEGER NOT NULL CHECK (size > 0),
  uploaded_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at   INTEGER NOT NULL
);
CREATE INDEX order_files_order ON order_files (order_id);

CREATE TABLE order_messages (
  id         INTEGER PRIMARY KEY,
  order_id   INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  author     TEXT NOT NULL CHECK (author IN ('customer', 'staff')),
  author_id  TEXT REFERENCES users (id) ON DELETE SET NULL,
  body       TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at INTEGER NOT NULL
);
CREATE INDEX order_messages_order ON order_messages (order_id, created_at);

-- The order's history: who did what, when (each transition, each note, each revoked link).
CREATE TABLE order_events (
  id          INTEGER PRIMARY KEY,
  order_id    INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  at          INTEGER NOT NULL,
  actor       TEXT NOT NULL CHECK (actor IN ('staff', 'customer', 'interpreter', 'system')),
  actor_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
  action      TEXT NOT NULL,
  from_status TEXT,
  to_status   TEXT,
  -- JSON: what the entry records beside who and when (a quote, the interpreter assigned, a reason).
  detail      TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX order_events_order ON order_events (order_id, at);
