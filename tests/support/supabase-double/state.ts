// The double's in-memory database: the public tables (schema.ts, schema-orders.ts), Supabase Auth's users and
// sessions, and the Storage buckets of the images and of orders' files (storage.ts), seeded with the sample content of
// seed/content.ts. Writes go through `write`, which enforces the constraints the way Postgres reports them (the checks
// are in constraints.ts); deletes follow the foreign keys (cascade, set null or restrict).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SAMPLE_PASSWORD, sampleContent } from "../../../seed/content";
import { sampleTranslations } from "../../../seed/content-ar";
import { checkRow, keepAnAdmin, prepareRow } from "./constraints";
import { keyOf, PgError, SCHEMA, statementClock, TABLE_NAMES, type Row, type TableName, type Value } from "./schema";
import { DoubleStorage } from "./storage";

export type AuthUser = {
  id: string;
  email: string;
  /** salt$sha256; null: no usable password (the sample interpreters who cannot sign in). */
  password: string | null;
  emailConfirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
  /** Set by the admin API's ban_duration (an administrator's lock); the user is banned while it is in the future. */
  bannedUntil: string | null;
  /** The one pending recovery token (generate_link replaces it; /verify uses it up). */
  recovery: { tokenHash: string; sentAt: number } | null;
  /** What PUT /user's `data` merged into user_metadata (raw_user_meta_data), besides the identity's own keys. */
  metadata: Record<string, unknown>;
};

export type Session = { id: string; userId: string; createdAt: number; refreshToken: string; usedRefreshTokens: string[]; amr: string };

export type PersonFixture = {
  full_name: string;
  email: string;
  phone?: string;
  Gender?: string;
  account_type?: string | null;
  role?: "admin" | "interpreter";
  /** The sign-in e-mail, when it differs from the users row's (to make a users insert fail later). */
  authEmail?: string;
  password?: string | null;
  languages?: string[];
  /** false: only the sign-in account, no users row (an account the dashboard has no data for). */
  usersRow?: boolean;
  /**
   * A customer's requester (issue 27) instead of staff: no users row, a customer_people row in this organisation (made
   * when missing) and their customers row (same e-mail) joined to it. Answers { id, email, organisation_id, customer_id }.
   */
  requesterOf?: { organisation: string; admin?: boolean };
};

const hashPassword = (password: string, salt = randomBytes(8).toString("hex")) => `${salt}$${createHash("sha256").update(`${salt}:${password}`).digest("hex")}`;

export class DoubleState {
  tables = {} as Record<TableName, Row[]>;
  private sequences = {} as Record<TableName, number>;
  authUsers = new Map<string, AuthUser>();
  sessions = new Map<string, Session>();
  /** The public bucket of the images and the private bucket of orders' files. */
  readonly storage: DoubleStorage;
  /** The double's clock (the server moves it with POST /__double/clock). */
  nowMs: () => number = () => Date.now();

  constructor(seed = true, mediaBucket = "media", filesBucket = "order-files") {
    this.storage = new DoubleStorage(mediaBucket, filesBucket);
    this.reset(seed);
  }

  reset(seed = true) {
    for (const name of TABLE_NAMES) {
      this.tables[name] = [];
      this.sequences[name] = 0;
    }
    this.authUsers.clear();
    this.sessions.clear();
    this.storage.reset();
    if (seed) this.seed();
  }

  private seed() {
    const { company, services, about, languages, people } = sampleContent;
    this.write("company", "insert", [{ ...company, translations: sampleTranslations.company }]);
    // As the studio's migration and supabase/seed.sql leave existing rows: version 1 (the column default), positions
    // in id order, each image's alt text and real size (seed/media/Services: 640 × 400).
    this.write(
      "services",
      "insert",
      services.map(({ offersCalls, ...service }, index) => ({
        ...service,
        offers_calls: offersCalls ?? false,
        position: index + 1,
        photo_alt: `${service.title}: illustration`,
        photo_width: 640,
        photo_height: 400,
        translations: sampleTranslations.service(service.title),
      })),
    );
    // Its photos' real size, as supabase/seed.sql gives them (seed/media/Aboutus: 800 × 600).
    this.write("about", "insert", [
      { ...about, photoa_width: 800, photoa_height: 600, photob_width: 800, photob_height: 600, translations: sampleTranslations.about },
    ]);
    this.write(
      "languages",
      "insert",
      languages.map((name) => ({ name })),
    );
    this.addPeople(people.map(({ canSignIn, ...person }) => ({ ...person, password: canSignIn ? SAMPLE_PASSWORD : null })));
  }

  /** Sign-in accounts with their users rows and language links (the seed, and tests' fixtures). */
  addPeople(people: PersonFixture[]): Row[] {
    return people.map(({ authEmail, password = null, languages = [], usersRow = true, requesterOf, ...row }) => {
      const account = this.createAuthUser(authEmail ?? row.email, password, true);
      if (requesterOf) return this.addRequester(account, row.full_name, requesterOf);
      if (!usersRow) return { id: account.id, email: account.email };
      const [user] = this.write("users", "insert", [{ ...row, id: account.id }]);
      for (const name of languages) {
        const language = this.tables.languages.find((item) => String(item.name).toLowerCase() === name.toLowerCase());
        if (!language) throw new Error(`no language ${name}`);
        this.write("user_languages", "insert", [{ user_id: account.id, language_id: language.id }]);
      }
      return user!;
    });
  }

  private addRequester(account: { id: Value; email: Value }, fullName: string, of: { organisation: string; admin?: boolean }): Row {
    const lower = of.organisation.toLowerCase();
    const organisation =
      this.tables.organisations.find((item) => String(item.name).toLowerCase() === lower) ??
      this.write("organisations", "insert", [{ name: of.organisation }])[0]!;
    this.write("customer_people", "insert", [{ account_id: account.id, organisation_id: organisation.id, full_name: fullName, is_admin: of.admin ?? false }]);
    const email = String(account.email).toLowerCase();
    const known = this.tables.customers.find((item) => item.email === email);
    const customer = known
      ? this.write("customers", "update", [{ ...known, organisation_id: organisation.id }])[0]!
      : this.write("customers", "insert", [{ name: fullName, email, organisation_id: organisation.id }])[0]!;
    return { id: account.id, email, organisation_id: organisation.id!, customer_id: customer.id! };
  }

  // ---- Supabase Auth -------------------------------------------------------------------------------

  createAuthUser(email: string, password: string | null, confirmed: boolean): AuthUser {
    const now = new Date().toISOString();
    const user: AuthUser = {
      id: randomUUID(),
      email: email.trim().toLowerCase(),
      password: password === null ? null : hashPassword(password),
      emailConfirmedAt: confirmed ? now : null,
      createdAt: now,
      updatedAt: now,
      lastSignInAt: null,
      bannedUntil: null,
      recovery: null,
      metadata: {},
    };
    this.authUsers.set(user.id, user);
    return user;
  }

  authUserByEmail(email: string): AuthUser | undefined {
    const wanted = email.trim().toLowerCase();
    return [...this.authUsers.values()].find((user) => user.email === wanted);
  }

  passwordMatches(user: AuthUser, password: string): boolean {
    if (!user.password) return false;
    const [salt] = user.password.split("$");
    return hashPassword(password, salt) === user.password;
  }

  /** GoTrue's UpdatePassword: the new hash, and every one-time token (a pending recovery link) used up. */
  setPassword(user: AuthUser, password: string) {
    user.password = hashPassword(password);
    user.recovery = null;
    user.updatedAt = new Date().toISOString();
  }

  /** GoTrue's IsBanned: banned_until is set and still in the future. */
  isBanned(user: AuthUser | undefined): boolean {
    return !!user?.bannedUntil && Date.parse(user.bannedUntil) > this.nowMs();
  }

  createSession(userId: string, amr: string): Session {
    const session: Session = {
      id: randomUUID(),
      userId,
      createdAt: Date.now(),
      refreshToken: randomBytes(9).toString("base64url"),
      usedRefreshTokens: [],
      amr,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Refresh-token rotation: the old token is used up, the session carries on with a new one. */
  rotateRefreshToken(session: Session) {
    session.usedRefreshTokens.push(session.refreshToken);
    session.refreshToken = randomBytes(9).toString("base64url");
  }

  endSessions(userId: string, keep?: string) {
    for (const session of [...this.sessions.values()]) if (session.userId === userId && session.id !== keep) this.sessions.delete(session.id);
  }

  /**
   * Deletes the account, its sessions and, along the foreign keys to auth.users (ON DELETE CASCADE), its users row
   * (with its links) and its session_devices rows.
   */
  /**
   * Deletes the account and cascades to the rows that refer to it, all or nothing: a row that refuses the cascade (ON
   * DELETE RESTRICT, e.g. an interpreter's pay items) is the error, and the account, its sessions and rows stay.
   */
  deleteAuthUser(id: string) {
    const saved = Object.fromEntries(Object.entries(this.tables).map(([table, rows]) => [table, [...rows]])) as DoubleState["tables"];
    try {
      for (const table of TABLE_NAMES) {
        for (const fk of SCHEMA[table].foreignKeys) if (fk.table === "auth.users") this.deleteWhere(table, (row) => row[fk.column] === id);
      }
    } catch (error) {
      this.tables = saved;
      throw error;
    }
    this.endSessions(id);
    this.authUsers.delete(id);
  }

  // ---- Tables ----------------------------------------------------------------------------------------

  /** nextval() of a table's identity sequence: never the same value twice. */
  nextval(table: TableName): number {
    return ++this.sequences[table];
  }

  /**
   * Inserts rows, or replaces rows (same primary key) with updated copies, all or nothing. `overriding`: INSERT …
   * OVERRIDING SYSTEM VALUE (an id from nextval, as push_create_order stores a request under).
   */
  write(table: TableName, kind: "insert" | "update", rows: Record<string, unknown>[], overriding = false): Row[] {
    // users_keep_an_admin, a BEFORE trigger: before the constraints.
    if (table === "users" && kind === "update") keepAnAdmin(this.tables.users, rows, (id) => !this.isBanned(this.authUsers.get(id)));
    const refusal = kind === "update" && rows.length > 0 ? SCHEMA[table].refusesUpdates : undefined;
    if (refusal) throw new PgError(400, "P0001", refusal);
    if (kind === "update") this.refuseChange(table, rows, false);
    statementClock.at = Date.now();
    let prepared: Row[];
    try {
      prepared = rows.map((input) => prepareRow(table, kind, input, overriding, () => this.nextval(table)));
    } finally {
      statementClock.at = null;
    }
    const replaced = new Set(kind === "update" ? prepared.map((row) => keyOf(table, row)) : []);
    const others = this.tables[table].filter((row) => !replaced.has(keyOf(table, row)));
    const checked: Row[] = [];
    for (const row of prepared) {
      checkRow(table, row, [...others, ...checked], this.tables, this.authUsers);
      checked.push(row);
    }
    if (kind === "insert") {
      for (const row of checked) {
        const key = keyOf(table, row);
        if (typeof key === "number") this.sequences[table] = Math.max(this.sequences[table], key);
      }
      this.tables[table].push(...checked);
    } else {
      const byKey = new Map(checked.map((row) => [keyOf(table, row), row]));
      this.tables[table] = this.tables[table].map((row) => byKey.get(keyOf(table, row)) ?? row);
    }
    return checked;
  }

  /** A table's refusesChange trigger: before the constraints, on the rows as they were. */
  private refuseChange(table: TableName, rows: Record<string, unknown>[], deleting: boolean) {
    const trigger = SCHEMA[table].refusesChange;
    if (!trigger || (deleting && !trigger.deletes)) return;
    const keys = new Set(rows.map((row) => keyOf(table, row as Row)));
    const refused = this.tables[table].some((old) => keys.has(keyOf(table, old)) && trigger.when(old, this.tables));
    if (refused) throw new PgError(400, "P0001", trigger.message);
  }

  /**
   * Deletes matching rows and follows the foreign keys that refer to them: refused when one is ON DELETE RESTRICT and
   * a row refers to them, cascading to the referring rows (CASCADE), or emptying their column (SET NULL).
   */
  deleteWhere(table: TableName, matches: (row: Row) => boolean): Row[] {
    const removed = this.tables[table].filter(matches);
    if (removed.length === 0) return [];
    this.refuseChange(table, removed, true);
    // Foreign keys refer to `id` (checkRow); an empty one refers to nothing.
    const keys = new Set<Value | undefined>(removed.map((row) => row.id));
    const referring = TABLE_NAMES.flatMap((child) =>
      SCHEMA[child].foreignKeys
        .filter((fk) => fk.table === table)
        .map((fk) => ({ child, fk, refers: (row: Row) => row[fk.column] != null && keys.has(row[fk.column]) })),
    );
    for (const { child, fk, refers } of referring) {
      if (fk.onDelete === "restrict" && this.tables[child].some(refers)) {
        throw new PgError(
          409,
          "23503",
          `update or delete on table "${table}" violates foreign key constraint "${fk.name}" on table "${child}"`,
          `Key is still referenced from table "${child}".`,
        );
      }
    }
    this.tables[table] = this.tables[table].filter((row) => !matches(row));
    for (const { child, fk, refers } of referring) {
      if (fk.onDelete === "set null") this.tables[child] = this.tables[child].map((row) => (refers(row) ? { ...row, [fk.column]: null } : row));
      else this.deleteWhere(child, refers);
    }
    return removed;
  }
}
