-- A public request never borrows a stored identity (issue 22). An order keeps the name, company and phone its
-- requester typed; its customer (found by e-mail) counts it as theirs only once the address is proven — the e-mailed
-- link was opened — or staff confirm it by hand (identity_verified_at). Orders from before were taken as their
-- customer's and stay so.
ALTER TABLE orders ADD COLUMN requester_name TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN requester_company TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN requester_phone TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN identity_verified_at INTEGER;
UPDATE orders SET
  requester_name = (SELECT name FROM customers c WHERE c.id = orders.customer_id),
  requester_company = (SELECT company FROM customers c WHERE c.id = orders.customer_id),
  requester_phone = (SELECT phone FROM customers c WHERE c.id = orders.customer_id),
  identity_verified_at = created_at;
