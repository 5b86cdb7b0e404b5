import { HtmlClassNameProvider } from '@docusaurus/theme-common';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import {
  describeSecurityScheme,
  groupOperations,
  type OpenApiDocument,
  type OperationGroup,
  slugify,
} from '../../lib/openapi.mjs';
import { Operation } from './Operation';
import { SchemaTable } from './SchemaTable';
import styles from './styles.module.css';
import { Description } from './Text';

export const API_REFERENCE_TITLE = 'Voltin Operations Administration API Reference';

/** Where the raw documents are copied in the build (see scripts/generate-api-reference.mjs). */
export const RAW_JSON_PATH = '/openapi/voltin-openapi.json';
export const RAW_YAML_PATH = '/openapi/voltin-openapi.yaml';

type Props = {
  readonly spec: OpenApiDocument;
  readonly format: 'json' | 'yaml';
};

function Contents({
  groups,
  hasSchemas,
}: {
  readonly groups: OperationGroup[];
  readonly hasSchemas: boolean;
}): ReactNode {
  return (
    <nav className={styles.contents} aria-label="API reference contents">
      <h2 className={styles.contentsTitle}>Contents</h2>
      <ul>
        <li>
          <a href="#security-schemes">Authentication</a>
        </li>
        {groups.map((group) => (
          <li key={group.slug}>
            <a href={`#${group.slug}`}>{group.name}</a>{' '}
            <span className={styles.count}>({group.operations.length})</span>
          </li>
        ))}
        {hasSchemas && (
          <li>
            <a href="#schemas">Schemas</a>
          </li>
        )}
      </ul>
    </nav>
  );
}

function Security({ spec }: { readonly spec: OpenApiDocument }): ReactNode {
  const schemes = Object.entries<Record<string, unknown>>(spec.components?.securitySchemes ?? {});
  const defaults = (spec.security ?? []) as Record<string, unknown>[];
  return (
    <section className={styles.section}>
      <Heading as="h2" id="security-schemes">
        Authentication
      </Heading>
      {schemes.length === 0 ? (
        <p>The document declares no security schemes.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>Scheme</th>
              <th>Type</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {schemes.map(([name, scheme]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                </td>
                <td>{describeSecurityScheme(scheme)}</td>
                <td>
                  <Description of={scheme} inline />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        Default for every operation:{' '}
        {defaults.length === 0
          ? 'none'
          : defaults.map((requirement) => Object.keys(requirement).join(' + ')).join(' or ')}
        . Operations that differ say so.
      </p>
    </section>
  );
}

function Schemas({ spec }: { readonly spec: OpenApiDocument }): ReactNode {
  const schemas = Object.entries<Record<string, unknown>>(spec.components?.schemas ?? {});
  if (schemas.length === 0) return null;
  return (
    <section className={styles.section}>
      <Heading as="h2" id="schemas">
        Schemas
      </Heading>
      {schemas.map(([name, schema]) => (
        <div key={name} className={styles.schema}>
          <Heading as="h3" id={`schema-${slugify(name)}`}>
            <code>{name}</code>
          </Heading>
          <Description of={schema} />
          <SchemaTable spec={spec} schema={schema} />
        </div>
      ))}
    </section>
  );
}

export default function ApiReferencePage({ spec, format }: Props): ReactNode {
  const jsonUrl = useBaseUrl(RAW_JSON_PATH);
  const yamlUrl = useBaseUrl(RAW_YAML_PATH);
  const groups = groupOperations(spec);
  const info = spec.info ?? {};
  const servers = (spec.servers ?? []) as { url: string; description?: string }[];
  const operationCount = groups.reduce((sum, group) => sum + group.operations.length, 0);
  return (
    <HtmlClassNameProvider className="api-reference-page">
      <Layout
        title={API_REFERENCE_TITLE}
        description={`Every operation of the Voltin platform API ${info.version ?? ''}: parameters, request and response schemas, security.`}
      >
        <main className={`container margin-vert--lg ${styles.page}`}>
          <header className={styles.header}>
            <h1>{API_REFERENCE_TITLE}</h1>
            <p className={styles.meta}>
              {info.title ?? 'Voltin platform API'} · version {info.version ?? 'unknown'} · OpenAPI{' '}
              {spec.openapi} · {operationCount} operations · rendered from openapi.{format}
            </p>
            <Description of={info} />
            {servers.length > 0 && (
              <p>
                Base URL:{' '}
                {servers.map((server, index) => (
                  <span key={server.url}>
                    {index > 0 && ', '}
                    <code>{server.url}</code>
                    {server.description ? ` (${server.description})` : ''}
                  </span>
                ))}
              </p>
            )}
            <p className={styles.downloads}>
              Download the document:{' '}
              <a className="button button--primary button--sm" href={jsonUrl} download="voltin-openapi.json">
                OpenAPI JSON
              </a>{' '}
              <a
                className="button button--secondary button--sm"
                href={yamlUrl}
                download="voltin-openapi.yaml"
              >
                OpenAPI YAML
              </a>
            </p>
          </header>
          <div className={styles.columns}>
            <Contents groups={groups} hasSchemas={Object.keys(spec.components?.schemas ?? {}).length > 0} />
            <div className={styles.body}>
              <Security spec={spec} />
              {groups.map((group) => (
                <section key={group.slug} className={styles.section}>
                  <Heading as="h2" id={group.slug}>
                    {group.name}
                  </Heading>
                  <Description of={group} />
                  {group.operations.map((entry) => (
                    <Operation key={entry.id} spec={spec} entry={entry} />
                  ))}
                </section>
              ))}
              <Schemas spec={spec} />
            </div>
          </div>
        </main>
      </Layout>
    </HtmlClassNameProvider>
  );
}
