-- Ledger lines are immutable (docs/PRODUCT.md §10): a correction is a new line that reverses an old one.
-- The database itself refuses UPDATE and DELETE on ledger_transactions (TRUNCATE, used by tests and
-- by the operator's purge of a whole environment, is not a row change and stays possible).
CREATE OR REPLACE FUNCTION ledger_transactions_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger_transactions rows are immutable (%): add a reversing line instead', TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_update_delete
  BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_transactions_immutable();
