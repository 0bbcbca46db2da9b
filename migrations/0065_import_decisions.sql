-- Import batches and unclear matches are decided in the operator console as well as from the
-- command line (docs/imports.md "Batches"); like every moderation decision each keeps who decided
-- and why, for the audit view (docs/moderation.md "Audit").
ALTER TABLE import_batches ADD COLUMN decisionReason TEXT;
ALTER TABLE import_holds ADD COLUMN decidedBy TEXT;
ALTER TABLE import_holds ADD COLUMN decisionReason TEXT;
