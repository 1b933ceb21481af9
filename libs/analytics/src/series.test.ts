import { describe, expect, it } from 'vitest';
import {
  bucketStarts,
  findingTypesQuery,
  guardrailStatsQuery,
  MAX_BUCKETS,
  MAX_USAGE_ROWS,
  timeseriesQuery,
  usageQuery,
} from './series.ts';
import { quoteString } from './sql.ts';
import { MAX_RANGE_MS, type SummaryParams, summaryWhere, totalsQuery } from './summary.ts';

const userId = '0b6f7c1e-3d2a-4c5b-9e8f-1a2b3c4d5e6f';
const keyId = 'aa6f7c1e-3d2a-4c5b-9e8f-1a2b3c4d5e6f';
const T0 = Date.UTC(2030, 0, 15, 12, 0, 30);
const base: SummaryParams = { userId, from: new Date(T0), to: new Date(T0 + 3_600_000) };

const builders: Array<[string, (p: SummaryParams) => string]> = [
  ['totals', totalsQuery],
  ['timeseries', (p) => timeseriesQuery({ ...p, interval: 'minute' })],
  ['guardrail stats', guardrailStatsQuery],
  ['finding types', findingTypesQuery],
  ['usage', usageQuery],
];

describe('summaryWhere', () => {
  it('writes every filter as a validated literal', () => {
    const where = summaryWhere({
      ...base,
      profileId: "x' OR 1=1 --",
      validationType: 'output',
      source: 'batch',
      apiKeyId: keyId,
    });
    expect(where).toBe(
      [
        `user_id = '${userId}'`,
        `ts_ms >= ${T0}`,
        `ts_ms < ${T0 + 3_600_000}`,
        `ts >= toDateTime(${Math.floor(T0 / 1000)})`,
        `ts <= toDateTime(${Math.floor((T0 + 3_600_000) / 1000)})`,
        "profile_id = 'x\\' OR 1=1 --'",
        "validation_type = 'output'",
        "source = 'batch'",
        `api_key_id = '${keyId}'`,
      ].join(' AND '),
    );
  });

  it('rejects values outside their domain instead of quoting them', () => {
    const bad: Array<Partial<SummaryParams> | Record<string, unknown>> = [
      { userId: "' OR 1=1 --" },
      { apiKeyId: "' OR 1=1 --" },
      { apiKeyId: 'key-1' },
      { source: 'sync OR 1=1' },
      { source: "batch'" },
      { validationType: 'input; DROP TABLE executions' },
      { from: new Date(Number.NaN) },
      { to: new Date('nope') },
      { from: new Date(-1) },
    ];
    for (const override of bad) {
      expect(() => summaryWhere({ ...base, ...override } as SummaryParams), JSON.stringify(override)).toThrow(
        RangeError,
      );
    }
  });

  it('bounds the window: from ≤ to, at most 400 days', () => {
    expect(() => summaryWhere({ ...base, from: base.to, to: base.from })).toThrow(/after/);
    const to = new Date(T0 + MAX_RANGE_MS);
    expect(() => summaryWhere({ ...base, to })).not.toThrow();
    expect(() => summaryWhere({ ...base, to: new Date(to.getTime() + 1) })).toThrow(/400 days/);
  });

  it('hostile profile ids never reach any query unescaped', () => {
    const hostile = ["' OR 1=1 --", "\\' UNION ALL SELECT 1 --", 'nul\0line\nbreak', "x') OR ('1'='1"];
    for (const [name, build] of builders) {
      for (const profileId of hostile) {
        const sql = build({ ...base, profileId });
        // The value changes nothing but its own escaped literal.
        const literal = `profile_id = ${quoteString(profileId)}`;
        expect(sql.split(literal), name).toHaveLength(2);
        expect(sql.replace(literal, "profile_id = ''"), name).toBe(build({ ...base, profileId: '' }));
        expect(sql, name).not.toMatch(/[\0\n]line/);
        expect(sql, name).toContain(`user_id = '${userId}'`);
        expect(sql, name).toContain('GROUP BY id');
      }
    }
  });
});

describe('bucketStarts', () => {
  it('aligns buckets to UTC interval boundaries and covers [from, to)', () => {
    const starts = bucketStarts(new Date(T0), new Date(T0 + 150_000), 'minute');
    const m = Math.floor(T0 / 60_000) * 60_000;
    expect(starts).toEqual([m, m + 60_000, m + 120_000]);
    expect(bucketStarts(new Date(T0), new Date(T0), 'hour')).toEqual([]);
    const day = bucketStarts(new Date(T0), new Date(T0 + 86_400_000), 'day');
    expect(day.map((d) => new Date(d).toISOString())).toEqual([
      '2030-01-15T00:00:00.000Z',
      '2030-01-16T00:00:00.000Z',
    ]);
  });

  it('allows 7 days of minute buckets from any start and no more', () => {
    const week = 7 * 86_400_000;
    expect(bucketStarts(new Date(T0), new Date(T0 + week), 'minute')).toHaveLength(MAX_BUCKETS);
    const aligned = Date.UTC(2030, 0, 1);
    expect(bucketStarts(new Date(aligned), new Date(aligned + week), 'minute')).toHaveLength(MAX_BUCKETS - 1);
    expect(() => bucketStarts(new Date(T0), new Date(T0 + week + 60_000), 'minute')).toThrow(RangeError);
    // 400 days of hours fit.
    expect(bucketStarts(new Date(T0), new Date(T0 + MAX_RANGE_MS), 'hour').length).toBeLessThanOrEqual(
      MAX_BUCKETS,
    );
  });

  it('rejects unknown intervals and reversed windows', () => {
    expect(() => bucketStarts(base.from, base.to, 'second' as never)).toThrow(RangeError);
    expect(() => bucketStarts(base.to, base.from, 'hour')).toThrow(RangeError);
  });
});

describe('query builders', () => {
  it('time series: intDiv buckets (no toStartOfInterval), LIMIT one past the bucket count', () => {
    const sql = timeseriesQuery({ ...base, interval: 'minute' });
    expect(sql).toContain('intDiv(t, 60000) * 60000 AS bucket');
    expect(sql).not.toMatch(/toStartOfInterval|WITH FILL|\{\w+:\w+\}/);
    expect(sql).toMatch(/LIMIT 62$/); // 61 buckets (unaligned start) + 1
    expect(() => timeseriesQuery({ ...base, to: new Date(T0 + 8 * 86_400_000), interval: 'minute' })).toThrow(
      RangeError,
    );
  });

  it('guardrails: ARRAY JOIN over the deduplicated nested columns; top finding types with LIMIT BY', () => {
    expect(guardrailStatsQuery(base)).toContain(
      'ARRAY JOIN gs AS guardrail, ps AS ok, acts AS act, ds AS dur',
    );
    expect(guardrailStatsQuery(base)).toMatch(/LIMIT 1000$/);
    const types = findingTypesQuery(base);
    expect(types).toContain('any(results.finding_types) AS ftss');
    expect(types).toContain('LIMIT 5 BY guardrail');
    expect(types).toMatch(/LIMIT 5000$/);
  });

  it('usage: per key and UTC day, one row past the limit to detect truncation', () => {
    const sql = usageQuery({ ...base, apiKeyId: keyId });
    expect(sql).toContain('intDiv(t, 86400000) * 86400000 AS d');
    expect(sql).toContain(`api_key_id = '${keyId}'`);
    expect(sql).toMatch(new RegExp(`LIMIT ${MAX_USAGE_ROWS + 1}$`));
  });
});
