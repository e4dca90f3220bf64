-- From drizzle/0020_family_payments.sql (first drizzle/0009_receipts.sql):
-- A receipt is never edited or deleted: the only change is cancelling it once, with a reason.
CREATE FUNCTION receipts_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'receipt % cannot be deleted: cancel it with a reason', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status = 'cancelled' THEN
    RAISE EXCEPTION 'receipt % is cancelled and cannot change', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> 'cancelled'
    OR (NEW.id, NEW.number, NEW.series, NEW.financial_year, NEW.sequence, NEW.order_id, NEW.order_part, NEW.purpose, NEW.student, NEW.lines,
        NEW.total_paise, NEW.payment, NEW.paid_at, NEW.issued_at, NEW.verification_hash, NEW.hash_key_id)
       IS DISTINCT FROM
       (OLD.id, OLD.number, OLD.series, OLD.financial_year, OLD.sequence, OLD.order_id, OLD.order_part, OLD.purpose, OLD.student, OLD.lines,
        OLD.total_paise, OLD.payment, OLD.paid_at, OLD.issued_at, OLD.verification_hash, OLD.hash_key_id) THEN
    RAISE EXCEPTION 'receipt % cannot be edited: the only change allowed is cancelling it', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

-- From drizzle/0009_receipts.sql
CREATE TRIGGER receipts_immutable BEFORE UPDATE OR DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION receipts_immutable();
