import type { ReactNode } from 'react';
import { type OpenApiDocument, schemaConstraints, schemaRows, schemaType } from '../../lib/openapi.mjs';
import styles from './styles.module.css';

/** A schema as a table of fields; nested fields are indented under their parent. */
export function SchemaTable({
  spec,
  schema,
}: {
  readonly spec: OpenApiDocument;
  readonly schema: unknown;
}): ReactNode {
  const rows = schemaRows(spec, schema);
  if (rows.length === 0) {
    const constraints = schemaConstraints(spec, schema);
    return (
      <p className={styles.schemaScalar}>
        Type <code>{schemaType(spec, schema)}</code>
        {constraints.length > 0 ? `; ${constraints.join('; ')}` : ''}
      </p>
    );
  }
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>Field</th>
          <th>Type</th>
          <th>Description</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td style={{ paddingLeft: `${0.75 + row.depth * 1.25}rem` }}>
              <code>{row.name}</code>
              {row.required && <span className={styles.required}> required</span>}
              {row.deprecated && <span className={styles.deprecated}> deprecated</span>}
            </td>
            <td>
              <code>{row.type}</code>
            </td>
            <td>
              {row.descriptionHtml ? (
                <div
                  className={styles.inlineMarkdown}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark output of the API's own document, raw HTML escaped.
                  dangerouslySetInnerHTML={{ __html: row.descriptionHtml }}
                />
              ) : (
                row.description && <div className={styles.inlineMarkdown}>{row.description}</div>
              )}
              {row.constraints.length > 0 && (
                <span className={styles.constraints}>({row.constraints.join('; ')})</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
