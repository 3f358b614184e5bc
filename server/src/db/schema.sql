-- The database schema after every migration of server/src/db/migrations.ts, as SQLite keeps it.
-- Generated: do not edit. After adding a migration, run: node --import tsx scripts/schemaSnapshot.ts

CREATE TABLE access_keys (
  name TEXT PRIMARY KEY,
  role TEXT NOT NULL,
  hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
, sessions_valid_from INTEGER NOT NULL DEFAULT 0, lookup TEXT) STRICT;

CREATE UNIQUE INDEX access_keys_by_lookup ON access_keys (lookup) WHERE lookup IS NOT NULL;

CREATE TABLE alert_deliveries (
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
, state TEXT NOT NULL DEFAULT 'failed' CHECK (state IN ('pending', 'sending', 'ok', 'failed')), next_attempt_at INTEGER, body TEXT CHECK (body IS NULL OR json_valid(body))) STRICT;

CREATE INDEX alert_deliveries_queue ON alert_deliveries (destination_id, state, next_attempt_at);

CREATE TABLE alert_destinations (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data))
) STRICT;

CREATE TABLE alert_silences (
  id TEXT PRIMARY KEY,
  until INTEGER NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data))
) STRICT;

CREATE TABLE alerts (
  id TEXT PRIMARY KEY,
  rule_id TEXT NOT NULL,
  state TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  resolved_at INTEGER,
  data TEXT NOT NULL CHECK (json_valid(data))
) STRICT;

CREATE INDEX alerts_by_start ON alerts (started_at);

CREATE INDEX alerts_open ON alerts (state) WHERE state <> 'resolved';

CREATE TABLE bridges (
  bridge_name TEXT PRIMARY KEY,
  data TEXT NOT NULL CHECK (json_valid(data)),
  updated_at INTEGER NOT NULL
, version INTEGER NOT NULL DEFAULT 1) STRICT;

CREATE TABLE configs (
  config_name TEXT PRIMARY KEY,
  data TEXT NOT NULL CHECK (json_valid(data)),
  version INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE network_series (
  kind TEXT NOT NULL CHECK (kind IN ('gas', 'balance', 'blockInterval')),
  network TEXT NOT NULL,
  t INTEGER NOT NULL,
  value REAL NOT NULL,
  PRIMARY KEY (kind, network, t)
) STRICT, WITHOUT ROWID;

CREATE INDEX network_series_by_t ON network_series (t);

CREATE TABLE revoked_sessions (
  sid TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (expires_at);

CREATE TABLE schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at INTEGER NOT NULL
) STRICT;

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value)),
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE solana_bridge (
  x TEXT NOT NULL,
  token TEXT NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (x, token)
) STRICT;

CREATE TABLE sqlite_sequence(name,seq);

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

CREATE TABLE tokens (
  token_name TEXT PRIMARY KEY,
  data TEXT NOT NULL CHECK (json_valid(data)),
  updated_at INTEGER NOT NULL
, version INTEGER NOT NULL DEFAULT 1) STRICT;

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
, err_code INTEGER CHECK (err_code IS NULL OR err_code >= 0)) STRICT;

CREATE INDEX journeys_state_amount_in ON trade_journeys (state, amount_in, started_at, trade_id, token_name, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_state_profit ON trade_journeys (state, expected_profit, started_at, trade_id, token_name, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_state_started ON trade_journeys (state, started_at, trade_id, token_name, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_state_token ON trade_journeys (state, token_name, started_at, trade_id, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_state_trade ON trade_journeys (state, trade_id, token_name, bridge_name, network_buy, network_sell, started_at);

CREATE INDEX journeys_state_updated ON trade_journeys (state, updated_at, started_at, trade_id, token_name, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_stats ON trade_journeys (started_at, state, expected_profit, token_name, bridge_name, network_buy, network_sell, err_code);

CREATE INDEX journeys_walk_amount_in ON trade_journeys (amount_in, started_at, trade_id, state, token_name, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_walk_profit ON trade_journeys (expected_profit, started_at, trade_id, state, token_name, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_walk_started ON trade_journeys (started_at, trade_id, updated_at, expected_profit, amount_in, token_name, state, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_walk_token ON trade_journeys (token_name, started_at, trade_id, state, bridge_name, network_buy, network_sell);

CREATE INDEX journeys_walk_trade ON trade_journeys (trade_id, state, token_name, bridge_name, network_buy, network_sell, started_at);

CREATE INDEX journeys_walk_updated ON trade_journeys (updated_at, started_at, trade_id, state, token_name, bridge_name, network_buy, network_sell);

CREATE TABLE trades (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  trade_id TEXT NOT NULL UNIQUE,
  data TEXT NOT NULL CHECK (json_valid(data)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE "txs" (
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

CREATE INDEX txs_by_amount_in ON txs (amount_in, created_at);

CREATE INDEX txs_by_created ON txs (created_at);

CREATE INDEX txs_by_err_code ON txs (err_code, created_at) WHERE err_code IS NOT NULL;

CREATE INDEX txs_by_hash_nocase ON txs (hash COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);

CREATE INDEX txs_by_id_nocase ON txs (id COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);

CREATE INDEX txs_by_network ON txs (network, created_at);

CREATE INDEX txs_by_network_amount_in ON txs (network, amount_in, created_at);

CREATE INDEX txs_by_network_profit ON txs (network, expected_profit, created_at);

CREATE INDEX txs_by_network_status ON txs (network, status, created_at);

CREATE INDEX txs_by_network_token ON txs (network, token_name, created_at);

CREATE INDEX txs_by_profit ON txs (expected_profit, created_at);

CREATE INDEX txs_by_side ON txs (side, created_at);

CREATE INDEX txs_by_side_amount_in ON txs (side, amount_in, created_at);

CREATE INDEX txs_by_side_and_network ON txs (side, network, created_at);

CREATE INDEX txs_by_side_and_type ON txs (side, tx_type, created_at);

CREATE INDEX txs_by_side_profit ON txs (side, expected_profit, created_at);

CREATE INDEX txs_by_side_status ON txs (side, status, created_at);

CREATE INDEX txs_by_side_token ON txs (side, token_name, created_at);

CREATE INDEX txs_by_status ON txs (status, created_at);

CREATE INDEX txs_by_status_amount_in ON txs (status, amount_in, created_at);

CREATE INDEX txs_by_status_profit ON txs (status, expected_profit, created_at);

CREATE INDEX txs_by_status_token ON txs (status, token_name, created_at);

CREATE INDEX txs_by_token ON txs (token_name, created_at);

CREATE INDEX txs_by_token_amount_in ON txs (token_name, amount_in, created_at);

CREATE INDEX txs_by_token_profit ON txs (token_name, expected_profit, created_at);

CREATE INDEX txs_by_token_status ON txs (token_name, status, created_at);

CREATE INDEX txs_by_trade ON txs (trade_id);

CREATE INDEX txs_by_trade_nocase ON txs (trade_id COLLATE NOCASE, created_at, amount_in, expected_profit, status, token_name);

CREATE INDEX txs_by_type ON txs (tx_type, created_at);

CREATE INDEX txs_by_type_amount_in ON txs (tx_type, amount_in, created_at);

CREATE INDEX txs_by_type_and_network ON txs (tx_type, network, created_at);

CREATE INDEX txs_by_type_profit ON txs (tx_type, expected_profit, created_at);

CREATE INDEX txs_by_type_status ON txs (tx_type, status, created_at);

CREATE INDEX txs_by_type_token ON txs (tx_type, token_name, created_at);

CREATE TABLE user_logs (
  id TEXT PRIMARY KEY,
  time INTEGER NOT NULL,
  user_name TEXT NOT NULL,
  action TEXT NOT NULL,
  details TEXT CHECK (details IS NULL OR json_valid(details))
) STRICT;

CREATE INDEX user_logs_by_action_time ON user_logs (action, time DESC);

CREATE INDEX user_logs_by_time ON user_logs (time DESC);

CREATE INDEX user_logs_by_user_time ON user_logs (user_name, time DESC);
