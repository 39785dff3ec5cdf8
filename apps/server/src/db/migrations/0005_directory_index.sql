-- The members directory filters beside the membership (docs/decisions.md, Members directory):
-- event_members carries a copy of what the directory filters on, kept up to date by the triggers
-- below, so one GIN index over event_members answers a text + region + offer query.
-- btree_gin lets "region" (text, =) sit in the same GIN index as the arrays and the trigrams.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "event_members" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_members" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "event_members" ADD COLUMN "offer_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_members" ADD COLUMN "looking_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_members" ADD COLUMN "has_profile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The searchable text: the person's part and the company's name on separate lines, so a query
-- never matches across the two (it did not before either: they were two ILIKEs).
CREATE OR REPLACE FUNCTION directory_search(first_name text, last_name text, job text, company text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(first_name || ' ' || last_name || ' ' || coalesce(job, '') || E'\n' || coalesce(company, ''))
$$;--> statement-breakpoint
-- The directory's "not empty" rule, in one place for the triggers and the backfill.
CREATE OR REPLACE FUNCTION directory_has_profile(job text, avatar_key text, offer_ids integer[], looking_ids integer[]) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(btrim(job), '') <> '' OR avatar_key IS NOT NULL OR cardinality(offer_ids) > 0 OR cardinality(looking_ids) > 0
$$;--> statement-breakpoint
-- A new membership (or one moved to another person) takes the person's current profile.
CREATE OR REPLACE FUNCTION event_members_directory_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT directory_search(u.first_name, u.last_name, u.job, c.name), u.region, u.offer_ids, u.looking_ids,
         directory_has_profile(u.job, u.avatar_key, u.offer_ids, u.looking_ids)
    INTO NEW.search, NEW.region, NEW.offer_ids, NEW.looking_ids, NEW.has_profile
    FROM users u LEFT JOIN companies c ON c.id = u.company_id
   WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER event_members_directory_fill BEFORE INSERT OR UPDATE OF user_id ON event_members
  FOR EACH ROW EXECUTE FUNCTION event_members_directory_fill();--> statement-breakpoint
-- A profile change reaches every membership of the person (ON DELETE SET NULL of a company is an
-- update of company_id, so it passes here too).
CREATE OR REPLACE FUNCTION users_directory_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_members em
     SET search = directory_search(NEW.first_name, NEW.last_name, NEW.job, (SELECT c.name FROM companies c WHERE c.id = NEW.company_id)),
         region = NEW.region, offer_ids = NEW.offer_ids, looking_ids = NEW.looking_ids,
         has_profile = directory_has_profile(NEW.job, NEW.avatar_key, NEW.offer_ids, NEW.looking_ids)
   WHERE em.user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_directory_sync AFTER UPDATE OF first_name, last_name, job, company_id, region, offer_ids, looking_ids, avatar_key ON users
  FOR EACH ROW WHEN (
    OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.job IS DISTINCT FROM NEW.job
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.region IS DISTINCT FROM NEW.region OR OLD.offer_ids IS DISTINCT FROM NEW.offer_ids
    OR OLD.looking_ids IS DISTINCT FROM NEW.looking_ids OR OLD.avatar_key IS DISTINCT FROM NEW.avatar_key
  ) EXECUTE FUNCTION users_directory_sync();--> statement-breakpoint
-- A company's new name reaches the memberships of the people who work there.
CREATE OR REPLACE FUNCTION companies_directory_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_members em
     SET search = directory_search(u.first_name, u.last_name, u.job, NEW.name)
    FROM users u
   WHERE u.company_id = NEW.id AND em.user_id = u.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_directory_sync AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION companies_directory_sync();--> statement-breakpoint
-- The memberships that exist already.
UPDATE event_members em
   SET search = directory_search(u.first_name, u.last_name, u.job, c.name), region = u.region, offer_ids = u.offer_ids,
       looking_ids = u.looking_ids, has_profile = directory_has_profile(u.job, u.avatar_key, u.offer_ids, u.looking_ids)
  FROM users u LEFT JOIN companies c ON c.id = u.company_id
 WHERE u.id = em.user_id;--> statement-breakpoint
CREATE INDEX "event_members_directory" ON "event_members" USING gin ("region","offer_ids","looking_ids","search" gin_trgm_ops) WITH (fastupdate=false);
