-- Trigram matching for fast contains-searches on names and emails.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
