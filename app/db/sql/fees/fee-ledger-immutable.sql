-- From drizzle/0011_fees.sql:
-- The ledger is history: a line is never edited or deleted; a refund adds reversing lines.
CREATE FUNCTION fee_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fee ledger line % cannot be changed or deleted: add a reversing line', OLD.id USING ERRCODE = 'check_violation';
END;
$$;

-- From drizzle/0011_fees.sql
CREATE TRIGGER fee_ledger_immutable BEFORE UPDATE OR DELETE ON "fee_ledger" FOR EACH ROW EXECUTE FUNCTION fee_ledger_immutable();
