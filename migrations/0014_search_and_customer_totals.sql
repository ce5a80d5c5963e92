-- Search and customer totals that do not rescan everything (issue 23; docs/decisions/0026; Supabase:
-- 20261130000000_push_search_and_customer_totals.sql).
--
-- Search: FTS5 with the trigram tokenizer, so a search still finds any part of a name, e-mail or company, case
-- ignored (as LIKE '%…%' did), but through an index. Kept in step by triggers; customers and an order's requester
-- fields never change after they are written, so inserts and deletes are all there is to follow.
CREATE VIRTUAL TABLE order_search USING fts5 (name, email, company, tokenize = 'trigram');
INSERT INTO order_search (rowid, name, email, company)
  SELECT o.id, o.requester_name, c.email, o.requester_company FROM orders o JOIN customers c ON c.id = o.customer_id;
CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_search (rowid, name, email, company)
  VALUES (NEW.id, NEW.requester_name, (SELECT email FROM customers WHERE id = NEW.customer_id), NEW.requester_company);
END;
CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
  DELETE FROM order_search WHERE rowid = OLD.id;
END;

CREATE VIRTUAL TABLE customer_search USING fts5 (name, email, company, tokenize = 'trigram');
INSERT INTO customer_search (rowid, name, email, company) SELECT id, name, email, company FROM customers;
CREATE TRIGGER customers_search_insert AFTER INSERT ON customers BEGIN
  INSERT INTO customer_search (rowid, name, email, company) VALUES (NEW.id, NEW.name, NEW.email, NEW.company);
END;
CREATE TRIGGER customers_search_delete AFTER DELETE ON customers BEGIN
  DELETE FROM customer_search WHERE rowid = OLD.id;
END;

-- A customer's number of orders and their last order, counting only orders that are theirs (the address was
-- proven, or staff confirmed it: identity_verified_at), maintained with the orders so the Customers page reads
-- them from its index instead of grouping every order per request.
ALTER TABLE customers ADD COLUMN order_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN last_order_at INTEGER;
UPDATE customers SET
  order_count = (SELECT count(*) FROM orders o WHERE o.customer_id = customers.id AND o.identity_verified_at IS NOT NULL),
  last_order_at = (SELECT max(o.created_at) FROM orders o WHERE o.customer_id = customers.id AND o.identity_verified_at IS NOT NULL);
-- The Customers page's order: the latest orders first, then those without any (SQLite sorts NULL last when
-- descending), by name.
CREATE INDEX customers_recent ON customers (last_order_at DESC, name, id);

CREATE TRIGGER orders_count_insert AFTER INSERT ON orders WHEN NEW.identity_verified_at IS NOT NULL BEGIN
  UPDATE customers SET order_count = order_count + 1, last_order_at = max(coalesce(last_order_at, NEW.created_at), NEW.created_at)
  WHERE id = NEW.customer_id;
END;
CREATE TRIGGER orders_count_verified AFTER UPDATE OF identity_verified_at ON orders
  WHEN OLD.identity_verified_at IS NULL AND NEW.identity_verified_at IS NOT NULL BEGIN
  UPDATE customers SET order_count = order_count + 1, last_order_at = max(coalesce(last_order_at, NEW.created_at), NEW.created_at)
  WHERE id = NEW.customer_id;
END;
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders WHEN OLD.identity_verified_at IS NOT NULL BEGIN
  UPDATE customers SET order_count = order_count - 1,
    last_order_at = (SELECT max(o.created_at) FROM orders o WHERE o.customer_id = OLD.customer_id AND o.identity_verified_at IS NOT NULL)
  WHERE id = OLD.customer_id;
END;

-- A customer's orders, newest first, page by page (the customer page): the index on customer_id alone is replaced.
CREATE INDEX orders_customer_created ON orders (customer_id, created_at, id);
DROP INDEX orders_customer;
-- The order list's language filter reads the targets by language, and the orders by source language.
CREATE INDEX order_targets_language ON order_targets (language_id, order_id);
CREATE INDEX orders_source_language ON orders (source_language_id);
