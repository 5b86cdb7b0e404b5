// The drop reasons of POST …/enrollments/{id}/drop, read from its OpenAPI schema: reasonCodeId is a number whose
// description names each reason ("1 Switching to another provider; 2 …") and whose minimum and maximum bound them.
// The console and the self-service site generate their lists from here rather than keeping copies of their own.

/** The reasons `reasonCodeId` describes, in order; null when its description no longer reads "1 Name; 2 Name…". */
export function dropReasonsOf(reasonCode) {
  const reasons = [...(reasonCode?.description ?? '').matchAll(/(\d+) ([^;]+)/g)].map(([, id, name]) => ({
    id: Number(id),
    name: name.trim(),
  }));
  const expected = reasonCode ? reasonCode.maximum - reasonCode.minimum + 1 : 0;
  if (reasons.length === 0 || reasons.length !== expected || reasons[0].id !== reasonCode.minimum)
    return null;
  return reasons;
}

/** The drop request body's `reasonCodeId` schema of an OpenAPI document, at the drop operation's path. */
export const reasonCodeSchema = (document, dropPath) =>
  document.paths[dropPath]?.post?.requestBody?.content?.['application/json']?.schema?.properties
    ?.reasonCodeId;
