import { BaseResolver, lintDocument, loadConfig, makeDocumentFromString } from '@redocly/openapi-core';
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { schema } from '@stoplight/spectral-functions';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers/app.js';

/*
 * The document as a linter for API security sees it: Spectral's OpenAPI rules and the OWASP API Security Top 10
 * ruleset, and Redocly's recommended rules. A rule that does not apply is switched off with the reason; the limits
 * OWASP asks of every schema are asked of what the API reads (an answer's strings are not a client's to bound).
 */
const api = useTestApi();
let text: string;

beforeAll(async () => {
  text = JSON.stringify((await api.call('GET', '/Swagger/v1/swagger.json')).body);
});

/** Every schema the API reads: parameters and request bodies, and each schema inside them matching `filter`. */
const inputs = (filter: string) => [
  '$.paths[*][*].parameters[*].schema',
  `$.paths[*][*].parameters[*].schema..[?(${filter})]`,
  `$.paths[*][*].requestBody.content[*].schema..[?(${filter})]`,
];
const ERROR = 0;

/**
 * An error-level rule on the inputs matching `filter`, asking those of `type` for `required` (the parameter
 * schemas matched whatever their type are held to it only when of that type).
 */
function inputRule(description: string, filter: string, type: string, required: object) {
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's conditional is if/then.
  const ofType = { if: { properties: { type: { const: type } }, required: ['type'] }, then: required };
  return {
    description,
    severity: ERROR,
    given: inputs(filter),
    // biome-ignore lint/suspicious/noThenProperty: Spectral names a rule's action `then`.
    then: { function: schema, functionOptions: { schema: ofType } },
  };
}
const ruleset = {
  extends: [
    [oas as RulesetDefinition, 'recommended'],
    [owasp as unknown as RulesetDefinition, 'recommended'],
  ],
  rules: {
    // Replaced by the input-scoped rules below: an answer's strings, arrays and numbers are not input.
    'owasp:api4:2023-string-limit': 'off',
    'owasp:api4:2023-array-limit': 'off',
    'owasp:api4:2023-integer-limit-legacy': 'off',
    // The platform specification's ids are integers; each is scoped to the caller's company (another's is 404).
    'owasp:api1:2023-no-numeric-ids': 'off',
    // No cross-origin access: the API sends no Access-Control-* header, so browsers refuse other origins.
    'owasp:api8:2023-define-cors-origin': 'off',
    // Limits are budgets on sign-in and probing calls, not a per-call quota to count down; a 429 says Retry-After.
    'owasp:api4:2023-rate-limit': 'off',
    // The specification's login signs the API key in the query; each signature works once, within 300 seconds.
    // The other "credential" is a payment profile token: the gateway's name for a saved card, not a secret.
    'owasp:api2:2023-no-api-keys-in-url': 'off',
    'owasp:api2:2023-no-credentials-in-url': 'off',
    // Refresh and logout carry their refresh token in the body, the DocuSign webhook its HMAC header: no scheme.
    'owasp:api2:2023-write-restricted': 'off',
    'voltin:input-string-limit': inputRule(
      'A string the API reads has maxLength, enum or const (a file upload its size limit).',
      '@ && @.type=="string" && @.format!="binary"',
      'string',
      { anyOf: [{ required: ['maxLength'] }, { required: ['enum'] }, { required: ['const'] }] },
    ),
    'voltin:input-array-limit': inputRule(
      'An array the API reads has maxItems.',
      '@ && @.type=="array"',
      'array',
      { required: ['maxItems'] },
    ),
    'voltin:input-integer-limit': inputRule(
      'An integer the API reads has minimum and maximum.',
      '@ && @.type=="integer"',
      'integer',
      { required: ['minimum', 'maximum'] },
    ),
  },
} as RulesetDefinition;

const errorsOf = (
  results: Array<{ severity: number; code: string | number; path: Array<string | number> }>,
) => results.filter((r) => r.severity === ERROR).map((r) => `${r.code} at ${r.path.join('.')}`);

describe('the OpenAPI document, linted', () => {
  it('has no error under Spectral’s OpenAPI rules and the OWASP API security ruleset', async () => {
    const spectral = new Spectral();
    spectral.setRuleset(ruleset);
    expect(errorsOf(await spectral.run(new Document(text, Json)))).toEqual([]);
  });

  it('holds every string, array and integer it reads to a limit (the rule finds one that has none)', async () => {
    const document = JSON.parse(text);
    const create = document.paths['/api/v1/enrollments/create'].post.requestBody.content['application/json'];
    delete create.schema.properties.serviceAddress.properties.address.maxLength;
    delete create.schema.properties.paymentProfiles;
    const spectral = new Spectral();
    spectral.setRuleset(ruleset);
    expect(errorsOf(await spectral.run(new Document(JSON.stringify(document), Json)))).toEqual([
      'voltin:input-string-limit at paths./api/v1/enrollments/create.post.requestBody.content.application/json.schema.properties.serviceAddress.properties.address',
    ]);
  });

  it('has no error under Redocly’s recommended rules', async () => {
    const config = await loadConfig({});
    const problems = await lintDocument({
      document: makeDocumentFromString(text, '/openapi.json'),
      config: config.styleguide,
      externalRefResolver: new BaseResolver(),
    });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual(
      [],
    );
  });
});
