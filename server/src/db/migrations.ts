/**
 * Schema migrations, applied in order and recorded in schema_migrations. Never edit an applied one:
 * a database that has it would not run it again. The schema they leave, each table once as it is
 * now, is schema.sql beside this file (schemaSnapshot.ts; tests/server/schema.test.ts fails until it
 * is written again after a new migration).
 */
import type { Database } from 'better-sqlite3';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Migration 13's tables; never edit (the standalone alerts process creates them the same way). */
export const ALERTS_TABLES_SQL = `
  CREATE TABLE IF NOT EXISTS alert_destinations (
    id TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    data TEXT NOT NULL CHECK (json_valid(data))
  ) STRICT;
  CREATE TABLE IF NOT EXISTS alert_firing (
    rule_key TEXT PRIMARY KEY,
    rule TEXT NOT NULL CHECK (json_valid(rule)),
    started_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS alert_deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    at INTEGER NOT NULL,
    destination_id TEXT NOT NULL,
    rule TEXT NOT NULL,
    status TEXT NOT NULL,
    text TEXT NOT NULL,
    ok INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    error TEXT
  ) STRICT;
`;

/** Migration 16's tables; never edit (the standalone alerts process creates them the same way). */
export const ALERTS_LIFECYCLE_TABLES_SQL = `
  CREATE TABLE IF NOT EXISTS alerts (
    id TEXT PRIMARY KEY,
    rule_id TEXT NOT NULL,
    state TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    resolved_at INTEGER,
    data TEXT NOT NULL CHECK (json_valid(data))
  ) STRICT;
  CREATE INDEX IF NOT EXISTS alerts_by_start ON alerts (started_at);
  CREATE INDEX IF NOT EXISTS alerts_open ON alerts (state) WHERE state <> 'resolved';
  CREATE TABLE IF NOT EXISTS alert_silences (
    id TEXT PRIMARY KEY,
    until INTEGER NOT NULL,
    data TEXT NOT NULL CHECK (json_valid(data))
  ) STRICT;
`;

/**
 * Migration 18's change; never edit. The delivery log becomes the outbox (docs/protocol.md "Alerts
 * delivery"): each row has its state, when it is tried next, and the message itself (never a
 * secret: that stays in the destination), so a restart sends what was waiting. Rows from before it
 * have no message to send again: one left unfinished (no try recorded, or "trying again") ends
 * failed, saying so. The queue index serves the dispatcher's "next due row of this destination".
 */
export const ALERTS_OUTBOX_SQL = `
  ALTER TABLE alert_deliveries ADD COLUMN state TEXT NOT NULL DEFAULT 'failed' CHECK (state IN ('pending', 'sending', 'ok', 'failed'));
  ALTER TABLE alert_deliveries ADD COLUMN next_attempt_at INTEGER;
  ALTER TABLE alert_deliveries ADD COLUMN body TEXT CHECK (body IS NULL OR json_valid(body));
  UPDATE alert_deliveries SET state = 'ok' WHERE ok = 1;
  UPDATE alert_deliveries SET error = 'not finished when the server stopped (before the delivery log kept messages to send again)'
    WHERE ok = 0 AND (attempts = 0 OR error LIKE '%; trying again');
  CREATE INDEX IF NOT EXISTS alert_deliveries_queue ON alert_deliveries (destination_id, state, next_attempt_at);
`;

/**
 * The standalone alerts process's own file: the same tables as the server's (migrations 14, 16 and
 * 18), made or brought up to date on every start.
 */
export function applyAlertsTables(db: Database): void {
  db.transaction(() => {
    db.exec(ALERTS_TABLES_SQL);
    db.exec(ALERTS_LIFECYCLE_TABLES_SQL);
    const columns = (db.pragma('table_info(alert_deliveries)') as { name: string }[]).map((column) => column.name);
    if (!columns.includes('state')) db.exec(ALERTS_OUTBOX_SQL);
  })();
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
      CREATE TABLE access_keys (
        name TEXT PRIMARY KEY,
        role TEXT NOT NULL,
        hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE tokens (
        token_name TEXT PRIMARY KEY,
        data TEXT NOT NULL CHECK (json_valid(data)),
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE bridges (
        bridge_name TEXT PRIMARY KEY,
        data TEXT NOT NULL CHECK (json_valid(data)),
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL CHECK (json_valid(value)),
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE user_logs (
        id TEXT PRIMARY KEY,
        time INTEGER NOT NULL,
        user_name TEXT NOT NULL,
        action TEXT NOT NULL,
        details TEXT CHECK (details IS NULL OR json_valid(details))
      ) STRICT;
      CREATE INDEX user_logs_by_time ON user_logs (time DESC);
    `,
  },
  {
    version: 2,
    name: 'trades',
    // seq only grows (AUTOINCREMENT), even after old trades are pruned.
    sql: `
      CREATE TABLE trades (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        trade_id TEXT NOT NULL UNIQUE,
        data TEXT NOT NULL CHECK (json_valid(data)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 3,
    name: 'record versions, configs, user-log filters',
    // version: every successful PUT increments it; a PUT carrying an older one is refused (409).
    sql: `
      ALTER TABLE tokens ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE bridges ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      CREATE TABLE configs (
        config_name TEXT PRIMARY KEY,
        data TEXT NOT NULL CHECK (json_valid(data)),
        version INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX user_logs_by_user_time ON user_logs (user_name, time DESC);
      CREATE INDEX user_logs_by_action_time ON user_logs (action, time DESC);
    `,
  },
  {
    version: 4,
    name: 'transactions',
    // Indexes for the selective filters of GET /txs/, each ending in created_at so the default order
    // comes free. Sorting by an amount, or filtering by side or tx type, reads the table (100,000 rows:
    // tens of ms), which costs less than keeping more indexes up to date on every write.
    sql: `
      CREATE TABLE txs (
        id TEXT PRIMARY KEY,
        trade_id TEXT,
        token_name TEXT NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
        method TEXT NOT NULL,
        attempt INTEGER NOT NULL CHECK (attempt >= 1),
        tx_type TEXT NOT NULL,
        status TEXT NOT NULL,
        network_buy TEXT,
        network_sell TEXT,
        network TEXT NOT NULL,
        bridge_name TEXT,
        amount_in REAL NOT NULL,
        amount_out REAL,
        expected_profit REAL,
        hash TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        raw TEXT CHECK (raw IS NULL OR json_valid(raw))
      ) STRICT;
      CREATE INDEX txs_by_created ON txs (created_at);
      CREATE INDEX txs_by_trade ON txs (trade_id);
      CREATE INDEX txs_by_status ON txs (status, created_at);
      CREATE INDEX txs_by_token ON txs (token_name, created_at);
      CREATE INDEX txs_by_network ON txs (network, created_at);
    `,
  },
  {
    version: 5,
    name: 'solana bridge config',
    sql: `
      CREATE TABLE solana_bridge (
        x TEXT NOT NULL,
        token TEXT NOT NULL,
        data TEXT NOT NULL CHECK (json_valid(data)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (x, token)
      ) STRICT;
    `,
  },
  {
    version: 6,
    name: 'txs indexes for every filter, sort and search of the history',
    // Migration 4 left side, tx type and the amount sorts to table scans: 20-60 ms a page on 100,000
    // rows, and the server answers one query at a time. These make every single-column filter and
    // every sort an index walk that stops after the page (ending in created_at, so ties stay in
    // order), and the q search's prefix terms (LIKE 'x%', case-insensitive) index lookups: an
    // index used by a case-insensitive LIKE must be NOCASE. Writes are the simulator's few txs a
    // second and the seed's one-off bulk load, which both afford the extra indexes.
    sql: `
      CREATE INDEX txs_by_side ON txs (side, created_at);
      CREATE INDEX txs_by_type ON txs (tx_type, created_at);
      CREATE INDEX txs_by_amount_in ON txs (amount_in, created_at);
      CREATE INDEX txs_by_profit ON txs (expected_profit, created_at);
      CREATE INDEX txs_by_hash_nocase ON txs (hash COLLATE NOCASE);
      CREATE INDEX txs_by_trade_nocase ON txs (trade_id COLLATE NOCASE);
      CREATE INDEX txs_by_id_nocase ON txs (id COLLATE NOCASE);
    `,
  },
  {
    version: 7,
    name: 'txs indexes for every filter with every sort, and each row as the list writes it',
    // A filter walked along another column's sort index costs what the filter's rows are spread
    // over: approvals (amount 0) sorted by amount sit at the far end, 30 ms a page on 100,000 rows.
    // With (filter column, sort column, created_at), one filter value and any sort is a seek and a
    // walk of the page; several values (two tx types, the token names a search matches) are one
    // such walk each, merged (see repos/txs.ts); the created_at sort has (column, created_at) since
    // migrations 4 and 6, and with the three last ones below every two filters have an index
    // (failed txs on one network, newest first: (network, status, created_at)).
    // list_json is the row as GET /txs/ answers it, kept by SQLite on every insert and update (a
    // STORED generated column): a page is read, not built, a quarter of a page's cost. A stored
    // column cannot be added to a table, so the table is rebuilt and its indexes made again.
    sql: `
      CREATE TABLE txs_next (
        id TEXT PRIMARY KEY,
        trade_id TEXT,
        token_name TEXT NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
        method TEXT NOT NULL,
        attempt INTEGER NOT NULL CHECK (attempt >= 1),
        tx_type TEXT NOT NULL,
        status TEXT NOT NULL,
        network_buy TEXT,
        network_sell TEXT,
        network TEXT NOT NULL,
        bridge_name TEXT,
        amount_in REAL NOT NULL,
        amount_out REAL,
        expected_profit REAL,
        hash TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        raw TEXT CHECK (raw IS NULL OR json_valid(raw)),
        -- historyKey: src/domain/keys.ts txHistoryKey (every tx has a txType).
        list_json TEXT NOT NULL GENERATED ALWAYS AS (json_object('id', id, 'tradeId', trade_id, 'tokenName', token_name, 'side', side, 'method', method,
          'attempt', attempt, 'txType', tx_type, 'status', status, 'networkBuy', network_buy, 'networkSell', network_sell,
          'network', network, 'bridgeName', bridge_name, 'amountIn', amount_in, 'amountOut', amount_out,
          'expectedProfit', expected_profit, 'hash', hash, 'createdAt', created_at, 'updatedAt', updated_at,
          'historyKey', side || ':' || method || ':' || attempt || ':' || tx_type)) STORED
      ) STRICT;
      INSERT INTO txs_next (rowid, id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy, network_sell, network, bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw)
        SELECT rowid, id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy, network_sell, network, bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw FROM txs;
      DROP TABLE txs;
      ALTER TABLE txs_next RENAME TO txs;
      CREATE INDEX txs_by_created ON txs (created_at);
      CREATE INDEX txs_by_trade ON txs (trade_id);
      CREATE INDEX txs_by_status ON txs (status, created_at);
      CREATE INDEX txs_by_token ON txs (token_name, created_at);
      CREATE INDEX txs_by_network ON txs (network, created_at);
      CREATE INDEX txs_by_side ON txs (side, created_at);
      CREATE INDEX txs_by_type ON txs (tx_type, created_at);
      CREATE INDEX txs_by_amount_in ON txs (amount_in, created_at);
      CREATE INDEX txs_by_profit ON txs (expected_profit, created_at);
      CREATE INDEX txs_by_hash_nocase ON txs (hash COLLATE NOCASE);
      CREATE INDEX txs_by_trade_nocase ON txs (trade_id COLLATE NOCASE);
      CREATE INDEX txs_by_id_nocase ON txs (id COLLATE NOCASE);
      CREATE INDEX txs_by_status_amount_in ON txs (status, amount_in, created_at);
      CREATE INDEX txs_by_status_profit ON txs (status, expected_profit, created_at);
      CREATE INDEX txs_by_status_token ON txs (status, token_name, created_at);
      CREATE INDEX txs_by_side_amount_in ON txs (side, amount_in, created_at);
      CREATE INDEX txs_by_side_profit ON txs (side, expected_profit, created_at);
      CREATE INDEX txs_by_side_status ON txs (side, status, created_at);
      CREATE INDEX txs_by_side_token ON txs (side, token_name, created_at);
      CREATE INDEX txs_by_type_amount_in ON txs (tx_type, amount_in, created_at);
      CREATE INDEX txs_by_type_profit ON txs (tx_type, expected_profit, created_at);
      CREATE INDEX txs_by_type_status ON txs (tx_type, status, created_at);
      CREATE INDEX txs_by_type_token ON txs (tx_type, token_name, created_at);
      CREATE INDEX txs_by_network_amount_in ON txs (network, amount_in, created_at);
      CREATE INDEX txs_by_network_profit ON txs (network, expected_profit, created_at);
      CREATE INDEX txs_by_network_status ON txs (network, status, created_at);
      CREATE INDEX txs_by_network_token ON txs (network, token_name, created_at);
      CREATE INDEX txs_by_token_amount_in ON txs (token_name, amount_in, created_at);
      CREATE INDEX txs_by_token_profit ON txs (token_name, expected_profit, created_at);
      CREATE INDEX txs_by_token_status ON txs (token_name, status, created_at);
      CREATE INDEX txs_by_side_and_type ON txs (side, tx_type, created_at);
      CREATE INDEX txs_by_side_and_network ON txs (side, network, created_at);
      CREATE INDEX txs_by_type_and_network ON txs (tx_type, network, created_at);
    `,
  },
  {
    version: 8,
    name: 'txs search indexes holding the sort columns',
    // A search by a hash (or tradeId, id) prefix matches a few hundred rows in any order: they are
    // sorted before the page is cut. With only the prefix column in its index, each match was read
    // from the table for its sort column (0.8 ms a search on 100,000 rows); with every sort column
    // of the list in the index, the matches are sorted from the index alone (0.2 ms), and only
    // the page's rows are read. The sorts come after the prefix column, which alone is searched.
    sql: `
      DROP INDEX txs_by_hash_nocase;
      DROP INDEX txs_by_trade_nocase;
      DROP INDEX txs_by_id_nocase;
      CREATE INDEX txs_by_hash_nocase ON txs (hash COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);
      CREATE INDEX txs_by_trade_nocase ON txs (trade_id COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);
      CREATE INDEX txs_by_id_nocase ON txs (id COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);
    `,
  },
  {
    version: 9,
    name: 'session revocation',
    // sessions_valid_from: tokens of the user issued before it (ms) are refused; set when the key
    // changes. revoked_sessions: sessions ended by sign-out, kept until the token would expire anyway.
    sql: `
      ALTER TABLE access_keys ADD COLUMN sessions_valid_from INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE revoked_sessions (
        sid TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (expires_at);
    `,
  },
  {
    version: 10,
    name: 'txs error codes',
    // err_code: the §8 trade error code of a failed tx, which the list answers as errCode (absent
    // when NULL: json_patch drops a key patched with null) and filters by. Until now it was only in
    // raw, where the trades repository and the seed put it on failed txs: it is lifted from there.
    // list_json changes, and a stored column cannot be altered, so the table is rebuilt as in
    // migration 7 and its indexes (those of migrations 7 and 8) made again. The error codes get a
    // partial index: only failed txs with a code are in it, a few in a hundred rows, so it costs the
    // writes next to nothing, and a filter by code counts and walks them newest first from it.
    sql: `
      CREATE TABLE txs_next (
        id TEXT PRIMARY KEY,
        trade_id TEXT,
        token_name TEXT NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
        method TEXT NOT NULL,
        attempt INTEGER NOT NULL CHECK (attempt >= 1),
        tx_type TEXT NOT NULL,
        status TEXT NOT NULL,
        network_buy TEXT,
        network_sell TEXT,
        network TEXT NOT NULL,
        bridge_name TEXT,
        amount_in REAL NOT NULL,
        amount_out REAL,
        expected_profit REAL,
        hash TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        raw TEXT CHECK (raw IS NULL OR json_valid(raw)),
        err_code INTEGER CHECK (err_code IS NULL OR err_code >= 0),
        -- historyKey: src/domain/keys.ts txHistoryKey (every tx has a txType).
        list_json TEXT NOT NULL GENERATED ALWAYS AS (json_patch(json_object('id', id, 'tradeId', trade_id, 'tokenName', token_name, 'side', side, 'method', method,
          'attempt', attempt, 'txType', tx_type, 'status', status, 'networkBuy', network_buy, 'networkSell', network_sell,
          'network', network, 'bridgeName', bridge_name, 'amountIn', amount_in, 'amountOut', amount_out,
          'expectedProfit', expected_profit, 'hash', hash, 'createdAt', created_at, 'updatedAt', updated_at,
          'historyKey', side || ':' || method || ':' || attempt || ':' || tx_type), json_object('errCode', err_code))) STORED
      ) STRICT;
      INSERT INTO txs_next (rowid, id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy, network_sell, network, bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw, err_code)
        SELECT rowid, id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy, network_sell, network, bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw,
          CASE WHEN status = 'failed' AND json_type(raw, '$.errCode') = 'integer' AND json_extract(raw, '$.errCode') >= 0 THEN json_extract(raw, '$.errCode') END
        FROM txs;
      DROP TABLE txs;
      ALTER TABLE txs_next RENAME TO txs;
      CREATE INDEX txs_by_created ON txs (created_at);
      CREATE INDEX txs_by_trade ON txs (trade_id);
      CREATE INDEX txs_by_status ON txs (status, created_at);
      CREATE INDEX txs_by_token ON txs (token_name, created_at);
      CREATE INDEX txs_by_network ON txs (network, created_at);
      CREATE INDEX txs_by_side ON txs (side, created_at);
      CREATE INDEX txs_by_type ON txs (tx_type, created_at);
      CREATE INDEX txs_by_amount_in ON txs (amount_in, created_at);
      CREATE INDEX txs_by_profit ON txs (expected_profit, created_at);
      CREATE INDEX txs_by_status_amount_in ON txs (status, amount_in, created_at);
      CREATE INDEX txs_by_status_profit ON txs (status, expected_profit, created_at);
      CREATE INDEX txs_by_status_token ON txs (status, token_name, created_at);
      CREATE INDEX txs_by_side_amount_in ON txs (side, amount_in, created_at);
      CREATE INDEX txs_by_side_profit ON txs (side, expected_profit, created_at);
      CREATE INDEX txs_by_side_status ON txs (side, status, created_at);
      CREATE INDEX txs_by_side_token ON txs (side, token_name, created_at);
      CREATE INDEX txs_by_type_amount_in ON txs (tx_type, amount_in, created_at);
      CREATE INDEX txs_by_type_profit ON txs (tx_type, expected_profit, created_at);
      CREATE INDEX txs_by_type_status ON txs (tx_type, status, created_at);
      CREATE INDEX txs_by_type_token ON txs (tx_type, token_name, created_at);
      CREATE INDEX txs_by_network_amount_in ON txs (network, amount_in, created_at);
      CREATE INDEX txs_by_network_profit ON txs (network, expected_profit, created_at);
      CREATE INDEX txs_by_network_status ON txs (network, status, created_at);
      CREATE INDEX txs_by_network_token ON txs (network, token_name, created_at);
      CREATE INDEX txs_by_token_amount_in ON txs (token_name, amount_in, created_at);
      CREATE INDEX txs_by_token_profit ON txs (token_name, expected_profit, created_at);
      CREATE INDEX txs_by_token_status ON txs (token_name, status, created_at);
      CREATE INDEX txs_by_side_and_type ON txs (side, tx_type, created_at);
      CREATE INDEX txs_by_side_and_network ON txs (side, network, created_at);
      CREATE INDEX txs_by_type_and_network ON txs (tx_type, network, created_at);
      CREATE INDEX txs_by_hash_nocase ON txs (hash COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);
      CREATE INDEX txs_by_trade_nocase ON txs (trade_id COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);
      CREATE INDEX txs_by_id_nocase ON txs (id COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);
      CREATE INDEX txs_by_err_code ON txs (err_code, created_at) WHERE err_code IS NOT NULL;
    `,
  },
  {
    version: 11,
    name: 'trade journeys',
    // One row per tradeId of the txs table (GET /trades/): the trade as its txs give it (rules:
    // src/domain/trades.ts journeyOf), written in the same statement transaction as its txs by the
    // txs writer (repos/journeyWriter.ts), so a page of trades is an index walk like a page of txs
    // instead of a GROUP BY over 100,000 txs. Rows of an existing history are built on the first
    // open after this migration (store.ts). bridge_name is '' without a bridge. state is never
    // 'stuck': that is decided from time, in memory (trades/watch.ts), and laid over the answer.
    // list_json is the row as the list answers it (amountOut absent while NULL, see migration 10).
    // Each filter column and sort column has an index ending in started_at, the default order.
    sql: `
      CREATE TABLE trade_journeys (
        trade_id TEXT PRIMARY KEY,
        token_name TEXT NOT NULL,
        network_buy TEXT NOT NULL,
        network_sell TEXT NOT NULL,
        bridge_name TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        current_step INTEGER NOT NULL CHECK (current_step >= 0),
        state TEXT NOT NULL CHECK (state IN ('running', 'completed', 'failed')),
        expected_profit REAL NOT NULL,
        amount_in REAL NOT NULL,
        amount_out REAL,
        list_json TEXT NOT NULL GENERATED ALWAYS AS (json_patch(json_object('tradeId', trade_id, 'tokenName', token_name,
          'networkBuy', network_buy, 'networkSell', network_sell, 'bridge', json_object('name', bridge_name),
          'startedAt', started_at, 'updatedAt', updated_at, 'currentStep', current_step, 'state', state,
          'expectedProfit', expected_profit, 'amountIn', amount_in), json_object('amountOut', amount_out))) STORED
      ) STRICT;
      CREATE INDEX trade_journeys_by_started ON trade_journeys (started_at);
      CREATE INDEX trade_journeys_by_updated ON trade_journeys (updated_at, started_at);
      CREATE INDEX trade_journeys_by_profit ON trade_journeys (expected_profit, started_at);
      CREATE INDEX trade_journeys_by_amount_in ON trade_journeys (amount_in, started_at);
      CREATE INDEX trade_journeys_by_token ON trade_journeys (token_name, started_at);
      CREATE INDEX trade_journeys_by_state ON trade_journeys (state, started_at);
      CREATE INDEX trade_journeys_by_bridge ON trade_journeys (bridge_name, started_at);
      CREATE INDEX trade_journeys_by_network_buy ON trade_journeys (network_buy, started_at);
      CREATE INDEX trade_journeys_by_network_sell ON trade_journeys (network_sell, started_at);
    `,
  },
  {
    version: 12,
    name: 'trade journeys indexes that answer a page alone',
    // Migration 11's indexes left SQLite to read rows (each holding its list_json) for every filter
    // and sort it did not cover: 5-30 ms a page of 27,000 trades. Now each sort column has an index
    // in the list's order (the column, started_at, trade_id) holding every filter column after it
    // (walk_*), so a page is a walk in the sort's order that checks the filters in the index and
    // stops after the page; each state (few running, many completed) has one per sort column too
    // (state_*); and the walk by start time holds every sort column, so a day of trades is read
    // from it and sorted. repos/journeys.ts picks one by exact counts, as repos/txs.ts does, and
    // names it (INDEXED BY).
    sql: `
      DROP INDEX trade_journeys_by_started;
      DROP INDEX trade_journeys_by_updated;
      DROP INDEX trade_journeys_by_profit;
      DROP INDEX trade_journeys_by_amount_in;
      DROP INDEX trade_journeys_by_token;
      DROP INDEX trade_journeys_by_state;
      DROP INDEX trade_journeys_by_bridge;
      DROP INDEX trade_journeys_by_network_buy;
      DROP INDEX trade_journeys_by_network_sell;
      CREATE INDEX journeys_walk_started ON trade_journeys (started_at, trade_id, updated_at, expected_profit, amount_in, token_name, state, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_walk_updated ON trade_journeys (updated_at, started_at, trade_id, state, token_name, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_walk_profit ON trade_journeys (expected_profit, started_at, trade_id, state, token_name, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_walk_amount_in ON trade_journeys (amount_in, started_at, trade_id, state, token_name, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_walk_token ON trade_journeys (token_name, started_at, trade_id, state, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_walk_trade ON trade_journeys (trade_id, state, token_name, bridge_name, network_buy, network_sell, started_at);
      CREATE INDEX journeys_state_started ON trade_journeys (state, started_at, trade_id, token_name, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_state_updated ON trade_journeys (state, updated_at, started_at, trade_id, token_name, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_state_profit ON trade_journeys (state, expected_profit, started_at, trade_id, token_name, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_state_amount_in ON trade_journeys (state, amount_in, started_at, trade_id, token_name, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_state_token ON trade_journeys (state, token_name, started_at, trade_id, bridge_name, network_buy, network_sell);
      CREATE INDEX journeys_state_trade ON trade_journeys (state, trade_id, token_name, bridge_name, network_buy, network_sell, started_at);
    `,
  },
  {
    version: 13,
    name: 'stats: trade error codes, the stats walk, network series',
    // GET /stats/trades (docs/protocol.md "Stats") counts trades by the hour or day they started, grouped by
    // token, bridge, route or error code. err_code: a failed trade's §8 code, that of the first of
    // its txs that has one; NULL otherwise (completed or running trades, failures without a code). Kept by the journey
    // writer (repos/journeyWriter.ts); existing rows get it from their txs here. journeys_stats holds
    // every column the stats read after started_at, so a range is one walk of the index that never
    // reads a row (30 days of 27,000 trades: a few ms).
    // network_series: the samples of gas, balance and block interval per network (stats/series.ts),
    // one per kind and network every SERIES_SAMPLE_MS at most, pruned past SERIES_KEEP_MS: bounded by
    // keys × keep / sample. WITHOUT ROWID: the key is the row, a range of one series one seek.
    sql: `
      ALTER TABLE trade_journeys ADD COLUMN err_code INTEGER CHECK (err_code IS NULL OR err_code >= 0);
      UPDATE trade_journeys SET err_code = (
        SELECT x.err_code FROM txs AS x WHERE x.trade_id = trade_journeys.trade_id AND x.err_code IS NOT NULL ORDER BY x.created_at, x.rowid LIMIT 1
      ) WHERE state = 'failed';
      CREATE INDEX journeys_stats ON trade_journeys (started_at, state, expected_profit, token_name, bridge_name, network_buy, network_sell, err_code);
      CREATE TABLE network_series (
        kind TEXT NOT NULL CHECK (kind IN ('gas', 'balance', 'blockInterval')),
        network TEXT NOT NULL,
        t INTEGER NOT NULL,
        value REAL NOT NULL,
        PRIMARY KEY (kind, network, t)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX network_series_by_t ON network_series (t);
    `,
  },
  {
    version: 14,
    name: 'alerts delivery',
    // Alerts delivery (docs/protocol.md "Alerts delivery"): the destinations an Admin configures (their
    // secrets in data, never sent back whole), the rules firing now (so a restart sends none of them
    // again), and the delivery log (bounded: the oldest rows go, repos in server/src/alerts/repo.ts).
    // The standalone alerts process creates the same tables in its own file (ALERTS_TABLES_SQL).
    sql: ALERTS_TABLES_SQL,
  },
  {
    version: 15,
    name: 'access key lookup',
    // lookup: the key's scrypt hash under the database's key-lookup salt (auth/accessKeys.ts), so a
    // sign-in finds its one row with one derivation instead of trying every stored hash. NULL for a
    // key stored before: a configured key gets it on the next start, a generated one at its next sign-in.
    sql: `
      ALTER TABLE access_keys ADD COLUMN lookup TEXT;
      CREATE UNIQUE INDEX access_keys_by_lookup ON access_keys (lookup) WHERE lookup IS NOT NULL;
    `,
  },
  {
    version: 16,
    name: 'alerts lifecycle',
    // docs/protocol.md "Alerts lifecycle": each alert (one rule for one subject) with its history,
    // acknowledgement and silence in data, and the silences. alert_firing, the rules firing before
    // alerts had a lifecycle, is replaced by the alerts not yet resolved.
    sql: `${ALERTS_LIFECYCLE_TABLES_SQL}
      DROP TABLE alert_firing;
    `,
  },
  {
    version: 17,
    name: 'timeline events',
    // The timeline (docs/protocol.md "Timeline"): what the server saw happen (health, block heads,
    // workers, sell only, trades, alerts), one row each, written by server/src/timeline/plugin.ts.
    // The user log is not copied here: it is merged when read. A page walks timeline_by_at newest
    // first (the rowid in the index keeps one millisecond's events in a stable order); rows older
    // than TIMELINE_KEEP_MS are pruned as new ones arrive, so the table stays bounded.
    sql: `
      CREATE TABLE timeline_events (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('action', 'alert', 'health', 'trade', 'worker')),
        severity TEXT CHECK (severity IS NULL OR severity IN ('critical', 'warning', 'info')),
        text TEXT NOT NULL,
        link TEXT,
        ref TEXT
      ) STRICT;
      CREATE INDEX timeline_by_at ON timeline_events (at);
    `,
  },
  {
    version: 18,
    name: 'alerts outbox',
    // docs/protocol.md "Alerts delivery": a message is written to the delivery log, pending, in the
    // transaction that keeps the alert's change, and sent (again) from there (ALERTS_OUTBOX_SQL).
    sql: ALERTS_OUTBOX_SQL,
  },
];

export const SCHEMA_VERSION = Math.max(0, ...MIGRATIONS.map((migration) => migration.version));

/** Applies the migrations not yet applied, up to `target` (a test may stop at an older schema). */
export function migrate(db: Database, nowMs: number, target = SCHEMA_VERSION): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`);
  const recorded = db.prepare<[], { version: number }>('SELECT version FROM schema_migrations').all().map((row) => row.version);
  const newest = Math.max(0, ...recorded);
  if (newest > SCHEMA_VERSION) {
    throw new Error(`database schema version ${newest} is newer than this server (${SCHEMA_VERSION})`);
  }
  // By what is recorded rather than by the newest version: migrations written side by side may be
  // numbered with a gap, and the one filling it must still run on a database that has the later one.
  const applied = new Set(recorded);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version) || migration.version > target) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, nowMs);
    })();
  }
}
