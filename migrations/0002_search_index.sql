-- Full-text index over name, description, services and city, kept in sync by triggers.
CREATE VIRTUAL TABLE providers_fts USING fts5 (
  name, description, services, city,
  content = 'providers', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER providers_fts_insert AFTER INSERT ON providers BEGIN
  INSERT INTO providers_fts (rowid, name, description, services, city)
  VALUES (new.seq, new.name, new.description, new.services, new.city);
END;

CREATE TRIGGER providers_fts_delete AFTER DELETE ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city)
  VALUES ('delete', old.seq, old.name, old.description, old.services, old.city);
END;

CREATE TRIGGER providers_fts_update AFTER UPDATE OF name, description, services, city ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city)
  VALUES ('delete', old.seq, old.name, old.description, old.services, old.city);
  INSERT INTO providers_fts (rowid, name, description, services, city)
  VALUES (new.seq, new.name, new.description, new.services, new.city);
END;

-- Rows of provider_categories go with their provider even where foreign keys are not enforced.
CREATE TRIGGER providers_categories_delete AFTER DELETE ON providers BEGIN
  DELETE FROM provider_categories WHERE providerSeq = old.seq;
  DELETE FROM reviews WHERE providerId = old.id;
END;
