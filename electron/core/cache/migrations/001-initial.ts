import type { Migration } from './types';

// The whole first schema. Every row hangs off a profile (ON DELETE CASCADE), so removing a
// connection profile removes everything the app learned through it. Parsed columns sit beside
// the raw JSON the service sent (ARCHITECTURE.md §3 rule 7).
export const migration001: Migration = {
  version: 1,
  name: 'initial schema: profiles, manuscripts, runs, candidates, groups, journals, webhook, outbox',
  up(db) {
    db.exec(`
      CREATE TABLE profiles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        base_url TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('remote', 'demo')),
        created_at INTEGER NOT NULL,
        last_checked_at INTEGER,
        last_features_json TEXT
      ) STRICT;

      CREATE TABLE app_state (
        key TEXT PRIMARY KEY,
        value TEXT
      ) STRICT;

      CREATE TABLE folders (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        first_used_at INTEGER NOT NULL,
        UNIQUE (profile_id, name)
      ) STRICT;

      CREATE TABLE manuscripts (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        origin_id TEXT NOT NULL,
        service_id INTEGER,
        folder_id INTEGER NOT NULL REFERENCES folders(id),
        title TEXT NOT NULL,
        abstract TEXT NOT NULL,
        authors_count INTEGER NOT NULL,
        authors_json TEXT NOT NULL,
        authors_text TEXT NOT NULL,
        form_json TEXT NOT NULL,
        file_name TEXT,
        file_size INTEGER,
        file_sha256 TEXT,
        file_path TEXT,
        sync_state TEXT NOT NULL CHECK (sync_state IN ('pending', 'synced', 'failed')),
        last_run_id INTEGER,
        marks_order INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (profile_id, origin_id)
      ) STRICT;
      CREATE UNIQUE INDEX manuscripts_service_id ON manuscripts(profile_id, service_id) WHERE service_id IS NOT NULL;
      CREATE INDEX manuscripts_recent ON manuscripts(profile_id, updated_at DESC);
      CREATE INDEX manuscripts_folder ON manuscripts(folder_id, updated_at DESC);

      CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        uploaded_at INTEGER NOT NULL,
        response_version INTEGER,
        folder_name TEXT NOT NULL,
        form_json TEXT NOT NULL,
        candidates_count INTEGER,
        raw_json TEXT NOT NULL,
        UNIQUE (manuscript_id, seq)
      ) STRICT;

      CREATE TABLE run_groups_settings (
        run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
        effect TEXT NOT NULL,
        boost_multiplier REAL,
        groups_json TEXT NOT NULL,
        raw_json TEXT NOT NULL
      ) STRICT;

      CREATE TABLE run_debug_info (
        run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
        source_file TEXT,
        parsed_text_len INTEGER,
        parsed_references INTEGER,
        extracted_concepts INTEGER,
        authors_count INTEGER,
        emails_count INTEGER,
        orcids_count INTEGER,
        raw_json TEXT NOT NULL
      ) STRICT;

      CREATE TABLE candidates (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        profile_id TEXT NOT NULL,
        rank INTEGER NOT NULL,
        author_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        first_name TEXT,
        last_name TEXT,
        middle_name TEXT,
        suffix TEXT,
        email TEXT,
        orcid TEXT,
        affiliation TEXT,
        articles_count INTEGER,
        citations_count INTEGER,
        h_index INTEGER,
        score REAL,
        url TEXT,
        concepts_json TEXT NOT NULL,
        authors_groups_json TEXT NOT NULL,
        marked INTEGER NOT NULL,
        coauth_conflict INTEGER,
        aff_conflict INTEGER,
        retracted_articles INTEGER,
        referenced_articles INTEGER,
        external_coi INTEGER,
        conflicts INTEGER NOT NULL,
        conflict_count INTEGER NOT NULL,
        has_email INTEGER NOT NULL,
        raw_json TEXT NOT NULL
      ) STRICT;
      CREATE INDEX candidates_run_rank ON candidates(run_id, rank);
      CREATE INDEX candidates_run_score ON candidates(run_id, score DESC);
      CREATE INDEX candidates_run_h_index ON candidates(run_id, h_index DESC);
      CREATE INDEX candidates_author ON candidates(profile_id, author_id);

      CREATE TABLE authors (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        author_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        affiliation TEXT,
        email TEXT,
        orcid TEXT,
        url TEXT,
        h_index INTEGER,
        articles_count INTEGER,
        citations_count INTEGER,
        concepts TEXT NOT NULL,
        suggestions_count INTEGER NOT NULL DEFAULT 0,
        marks_count INTEGER NOT NULL DEFAULT 0,
        first_seen_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        UNIQUE (profile_id, author_id)
      ) STRICT;
      CREATE INDEX authors_suggested ON authors(profile_id, suggestions_count DESC);

      CREATE TABLE author_manuscripts (
        profile_id TEXT NOT NULL,
        author_id INTEGER NOT NULL,
        manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
        first_run_id INTEGER NOT NULL,
        PRIMARY KEY (profile_id, author_id, manuscript_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX author_manuscripts_manuscript ON author_manuscripts(manuscript_id);

      CREATE TABLE marks (
        manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
        author_id INTEGER NOT NULL,
        profile_id TEXT NOT NULL,
        marked_by TEXT,
        event_order INTEGER NOT NULL,
        raw_json TEXT NOT NULL,
        PRIMARY KEY (manuscript_id, author_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX marks_author ON marks(profile_id, author_id);

      CREATE TABLE webhook_events (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        service_manuscript_id INTEGER NOT NULL,
        origin_id TEXT,
        event_order INTEGER NOT NULL,
        received_at INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'stale', 'parked')),
        applied_at INTEGER,
        payload_json TEXT NOT NULL
      ) STRICT;
      CREATE INDEX webhook_events_parked ON webhook_events(profile_id, service_manuscript_id) WHERE outcome = 'parked';

      CREATE TABLE journal_recommendations (
        id INTEGER PRIMARY KEY,
        manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
        corpus TEXT NOT NULL CHECK (corpus IN ('all_journals', 'org_journals')),
        fetched_at INTEGER NOT NULL,
        raw_json TEXT NOT NULL,
        UNIQUE (manuscript_id, corpus)
      ) STRICT;

      CREATE TABLE recommended_journals (
        recommendation_id INTEGER NOT NULL REFERENCES journal_recommendations(id) ON DELETE CASCADE,
        rank INTEGER NOT NULL,
        journal_id INTEGER NOT NULL,
        title TEXT NOT NULL,
        score REAL,
        publisher_name TEXT,
        folder_id INTEGER,
        folder_name TEXT,
        relevant_articles_json TEXT NOT NULL,
        raw_json TEXT NOT NULL,
        PRIMARY KEY (recommendation_id, rank)
      ) STRICT;

      CREATE TABLE authors_groups (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        service_id INTEGER,
        name TEXT,
        owner_team TEXT,
        editor_teams_json TEXT,
        viewer_teams_json TEXT,
        origin TEXT NOT NULL CHECK (origin IN ('created', 'added')),
        sync_state TEXT NOT NULL CHECK (sync_state IN ('pending', 'synced', 'failed')),
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX authors_groups_service_id ON authors_groups(profile_id, service_id) WHERE service_id IS NOT NULL;

      CREATE TABLE group_authors (
        id INTEGER PRIMARY KEY,
        group_id INTEGER NOT NULL REFERENCES authors_groups(id) ON DELETE CASCADE,
        client_id TEXT NOT NULL,
        name TEXT,
        emails_json TEXT,
        orcids_json TEXT,
        articles_json TEXT,
        affiliations_json TEXT,
        custom_json TEXT NOT NULL,
        linked_author_id INTEGER,
        linked_author_json TEXT,
        raw_json TEXT,
        sync_state TEXT NOT NULL CHECK (sync_state IN ('pending', 'synced', 'deleting', 'failed')),
        fetched_at INTEGER,
        updated_at INTEGER NOT NULL,
        UNIQUE (group_id, client_id)
      ) STRICT;

      CREATE TABLE custom_fields (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        scope TEXT NOT NULL CHECK (scope IN ('author_from_group', 'folder', 'proposal')),
        api_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        data_kind TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT,
        options_json TEXT,
        raw_json TEXT NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, scope, api_id)
      ) STRICT;

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('upload', 'author_put', 'author_patch', 'author_delete', 'group_create')),
        entity_key TEXT NOT NULL,
        payload_json TEXT NOT NULL,
        depends_on INTEGER REFERENCES outbox(id) ON DELETE SET NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'parked', 'done')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        error_code TEXT,
        error_message TEXT,
        result_json TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX outbox_open ON outbox(profile_id, state, id) WHERE state <> 'done';
      CREATE INDEX outbox_entity ON outbox(entity_key, id);
    `);
  },
};
