import type { AlertsQuery } from '@main/common/alerts/api';
import { RequestFieldError } from '../../request-field-error';
import { SearchDatasets } from './datasets';
import { queryClause } from './query-dsl';

const fields = new SearchDatasets('wazuh-alerts-*').get('alerts').fields;
const now = new Date('2024-05-10T12:00:00Z');
const dql = (query: string): AlertsQuery => ({ language: 'kuery', query });
const lucene = (query: string): AlertsQuery => ({ language: 'lucene', query });

function refusal(query: AlertsQuery): RequestFieldError {
  try {
    queryClause(query, fields, now);
  } catch (error) {
    if (error instanceof RequestFieldError) return error;
    throw error;
  }
  throw new Error(`${query.query} was accepted`);
}

describe('DQL to query DSL', () => {
  it.each([
    ['rule.groups:syscheck', { match_phrase: { 'rule.groups': 'syscheck' } }],
    ['agent.name:"web 01"', { match_phrase: { 'agent.name': 'web 01' } }],
    ['rule.level:12', { term: { 'rule.level': 12 } }],
    ['rule.mail:true', { term: { 'rule.mail': true } }],
    ['data.srcip:*', { exists: { field: 'data.srcip' } }],
    ['agent.name:web*', { wildcard: { 'agent.name': { value: 'web*' } } }],
    ['agent.name:we?b*', { wildcard: { 'agent.name': { value: 'we\\?b*' } } }],
    ['rule.level >= 12', { range: { 'rule.level': { gte: 12 } } }],
    ['rule.level < 7', { range: { 'rule.level': { lt: 7 } } }],
    ['timestamp > now-1h', { range: { timestamp: { gt: '2024-05-10T11:00:00.000Z' } } }],
    ['sshd', { multi_match: { query: 'sshd', type: 'best_fields', lenient: true } }],
    ['"login failed"', { multi_match: { query: 'login failed', type: 'phrase', lenient: true } }],
    ['ssh*', { query_string: { query: 'ssh*', analyze_wildcard: true } }],
  ])('%s', (query, clause) => {
    expect(queryClause(dql(query), fields, now)).toEqual(clause);
  });

  it('joins with and / or, negates with not, and nests groups', () => {
    expect(
      queryClause(
        dql(
          'rule.level >= 12 and not (agent.id:001 or agent.id:002) and rule.groups:(sshd or pam)',
        ),
        fields,
        now,
      ),
    ).toEqual({
      bool: {
        filter: [
          { range: { 'rule.level': { gte: 12 } } },
          {
            bool: {
              must_not: [
                {
                  bool: {
                    should: [
                      { match_phrase: { 'agent.id': '001' } },
                      { match_phrase: { 'agent.id': '002' } },
                    ],
                    minimum_should_match: 1,
                  },
                },
              ],
            },
          },
          {
            bool: {
              should: [
                { match_phrase: { 'rule.groups': 'sshd' } },
                { match_phrase: { 'rule.groups': 'pam' } },
              ],
              minimum_should_match: 1,
            },
          },
        ],
      },
    });
  });

  it('gives nothing for a blank query', () => {
    expect(queryClause(dql('   '), fields, now)).toBeUndefined();
    expect(queryClause(undefined, fields, now)).toBeUndefined();
  });

  it('keeps script syntax a plain value: nothing in the text becomes DSL', () => {
    expect(
      queryClause(dql('rule.description:"{\\"script\\": {\\"source\\": \\"x\\"}}"'), fields, now),
    ).toEqual({
      match_phrase: { 'rule.description': '{"script": {"source": "x"}}' },
    });
    expect(refusal(dql('script:"doc.x"')).reason).toBe('unknown field [script]');
  });

  it.each(['*:*', '*', '(*:*) AND rule.level:3', 'NOT *:* OR sshd', '*:sshd'])(
    'takes the every-field form %s',
    (query) => {
      expect(queryClause(lucene(query), fields, now)).toEqual({
        query_string: { query, analyze_wildcard: true, lenient: true },
      });
    },
  );

  it.each([
    ['foo:bar', 'unknown field [foo]'],
    ['rule.level:high', '[high] is not a number (field [rule.level])'],
    ['rule.level:1*', 'wildcards only apply to text fields; [rule.level] is long (at 0)'],
    [
      'timestamp:yesterday',
      '[yesterday] is not a date (field [timestamp]): use an ISO 8601 date or date math',
    ],
    ['GeoLocation.location:x', 'field [GeoLocation.location] cannot be matched against a value'],
    ['rule.level:', 'DQL syntax error at 11: Expected'],
  ])('refuses %s naming the field', (query, reason) => {
    const error = refusal(dql(query));
    expect(error.field).toBe('query.query');
    expect(error.reason.startsWith(reason)).toBe(true);
  });

  it('refuses queries nested deeper than the parsers should go', () => {
    const deep = `${'not ('.repeat(40)}rule.level:3${')'.repeat(40)}`;
    expect(refusal(dql(deep)).reason).toMatch(/deeper than 32 levels/);
    const abyss = `${'('.repeat(20_000)}rule.level:3${')'.repeat(20_000)}`;
    expect(refusal(dql(abyss)).reason).toMatch(/deeper than 32 levels/);
  });
});

describe('Lucene to query DSL', () => {
  it('hands the text to query_string once every field is known', () => {
    expect(
      queryClause(lucene('rule.level:[12 TO *] AND -agent.id:000 OR sshd'), fields, now),
    ).toEqual({
      query_string: {
        query: 'rule.level:[12 TO *] AND -agent.id:000 OR sshd',
        analyze_wildcard: true,
        lenient: true,
      },
    });
  });

  it.each(['*:*', '*', '(*:*) AND rule.level:3', 'NOT *:* OR sshd', '*:sshd'])(
    'takes the every-field form %s',
    (query) => {
      expect(queryClause(lucene(query), fields, now)).toEqual({
        query_string: { query, analyze_wildcard: true, lenient: true },
      });
    },
  );

  it.each([
    ['foo:bar', 'unknown field [foo]'],
    ['_exists_:nothing.here', 'unknown field [nothing.here]'],
    ['rule.*:x', 'unknown field [rule.*]'],
    ['rule.level:', 'Lucene syntax error at 11'],
  ])('refuses %s', (query, reason) => {
    const error = refusal(lucene(query));
    expect(error.field).toBe('query.query');
    expect(error.reason.startsWith(reason)).toBe(true);
  });
});
