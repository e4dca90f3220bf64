-- From drizzle/0021_staff_and_audit.sql:
-- The audit log is history (issue 27): a row is never edited or deleted, nor the table emptied.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'check_violation';
END;
$$;

-- From drizzle/0021_staff_and_audit.sql
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- From drizzle/0021_staff_and_audit.sql
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
