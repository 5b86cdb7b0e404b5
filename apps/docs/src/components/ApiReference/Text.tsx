import type { ReactNode } from 'react';
import { descriptionHtml, type JsonObject } from '../../lib/openapi.mjs';
import styles from './styles.module.css';

/**
 * The description of an object of the OpenAPI document. Descriptions are Markdown; the build renders
 * them to HTML with raw HTML escaped (plugins/openapi-reference.ts). Without that HTML the text is shown
 * as plain paragraphs.
 */
export function Description({
  of,
  inline = false,
}: {
  readonly of: JsonObject | undefined;
  readonly inline?: boolean;
}): ReactNode {
  const html = descriptionHtml(of);
  const className = inline ? styles.inlineMarkdown : 'markdown';
  if (html) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark output of the API's own document, raw HTML escaped.
    return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  const text = of?.description;
  if (typeof text !== 'string' || text.trim() === '') return null;
  return (
    <div className={className}>
      {text
        .trim()
        .split(/\n\s*\n/)
        .map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
    </div>
  );
}
