-- One row per validation execution. No request text.
-- ReplacingMergeTree keyed by (user_id, id): a retried insert of the same execution collapses on merge,
-- and queries deduplicate by id so unmerged duplicates never double count.
-- Partitioned by day so retention drops whole partitions (18.16 has no TTL).
-- Only features present in ClickHouse 18.16 and current releases: no DateTime64, no LowCardinality.
CREATE TABLE IF NOT EXISTS executions
(
    id String,
    ts_ms UInt64,
    ts DateTime MATERIALIZED toDateTime(intDiv(ts_ms, 1000)),
    user_id String,
    api_key_id String,
    profile_id String,
    profile_version UInt32,
    validation_type String,
    source String,
    passed UInt8,
    blocked_by String,
    latency_ms Float64,
    text_length UInt32,
    results Nested
    (
        guardrail String,
        passed UInt8,
        action String,
        severity String,
        duration_ms Float64,
        finding_types Array(String)
    )
)
ENGINE = ReplacingMergeTree()
PARTITION BY toYYYYMMDD(ts)
ORDER BY (user_id, id);
