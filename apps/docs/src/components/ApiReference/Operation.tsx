import Heading from '@theme/Heading';
import type { ReactNode } from 'react';
import {
  componentName,
  contentEntries,
  type OpenApiDocument,
  type OperationEntry,
  operationParameters,
  operationResponses,
  operationSecurity,
  schemaConstraints,
  schemaType,
  slugify,
} from '../../lib/openapi.mjs';
import { SchemaTable } from './SchemaTable';
import styles from './styles.module.css';
import { Description } from './Text';

function securityText(requirements: string[][]): string {
  if (requirements.length === 0) return 'none (public operation)';
  return requirements.map((names) => (names.length === 0 ? 'none' : names.join(' + '))).join(' or ');
}

export function Operation({
  spec,
  entry,
}: {
  readonly spec: OpenApiDocument;
  readonly entry: OperationEntry;
}): ReactNode {
  const { operation, pathItem, method, path } = entry;
  const parameters = operationParameters(spec, pathItem, operation);
  const body = operation.requestBody ? contentEntries(spec, operation.requestBody) : [];
  const responses = operationResponses(spec, operation);
  return (
    <article className={styles.operation}>
      <Heading as="h3" id={entry.id} className={styles.operationTitle}>
        <span className={`${styles.method} ${styles[`method_${method}`] ?? ''}`}>{method.toUpperCase()}</span>{' '}
        <code className={styles.path}>{path}</code>
      </Heading>
      {operation.summary && <p className={styles.summary}>{operation.summary}</p>}
      {operation.deprecated && <p className={styles.deprecated}>Deprecated.</p>}
      <Description of={operation} />
      <p className={styles.security}>
        <strong>Security:</strong> {securityText(operationSecurity(spec, operation))}
        {operation.operationId && (
          <>
            {' '}
            · <strong>Operation id:</strong> <code>{operation.operationId}</code>
          </>
        )}
      </p>

      {parameters.length > 0 && (
        <>
          <h4>Parameters</h4>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Name</th>
                <th>In</th>
                <th>Type</th>
                <th>Description</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((parameter) => {
                const constraints = schemaConstraints(spec, parameter.schema);
                return (
                  <tr key={`${parameter.in}:${parameter.name}`}>
                    <td>
                      <code>{parameter.name}</code>
                      {parameter.required && <span className={styles.required}> required</span>}
                    </td>
                    <td>{parameter.in}</td>
                    <td>
                      <code>{parameter.schema ? schemaType(spec, parameter.schema) : 'string'}</code>
                    </td>
                    <td>
                      <Description of={parameter} inline />
                      {constraints.length > 0 && (
                        <span className={styles.constraints}>({constraints.join('; ')})</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}

      {body.length > 0 && (
        <>
          <h4>Request body{operation.requestBody?.required ? ' (required)' : ''}</h4>
          {body.map(({ mediaType, schema }) => (
            <div key={mediaType}>
              <p className={styles.mediaType}>
                <code>{mediaType}</code>
              </p>
              {schema !== undefined && <SchemaTable spec={spec} schema={schema} />}
            </div>
          ))}
        </>
      )}

      <h4>Responses</h4>
      {responses.length === 0 && <p>No responses are described.</p>}
      {responses.map(({ status, response }) => {
        const contents = contentEntries(spec, response);
        return (
          <div key={status} className={styles.response}>
            <p>
              <span className={`${styles.status} ${styles[`status_${status.charAt(0)}`] ?? ''}`}>
                {status}
              </span>{' '}
              {response.description ?? ''}
            </p>
            {contents.map(({ mediaType, schema }) => (
              <div key={mediaType}>
                <p className={styles.mediaType}>
                  <code>{mediaType}</code>
                </p>
                {schema !== undefined &&
                  (!status.startsWith('2') && componentName(schema) ? (
                    <p>
                      Schema{' '}
                      <a href={`#schema-${slugify(componentName(schema)!)}`}>
                        <code>{componentName(schema)}</code>
                      </a>
                    </p>
                  ) : (
                    <SchemaTable spec={spec} schema={schema} />
                  ))}
              </div>
            ))}
          </div>
        );
      })}
    </article>
  );
}
