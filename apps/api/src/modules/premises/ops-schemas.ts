import { Type } from 'typebox';
import { Id, Nullable } from '../../http/schemas.js';

const Moment = (description: string) => Type.String({ format: 'date-time', description });

export const EsiidImportPath = Type.Object({ importId: Id('The import id.') });

export const EsiidImport = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  fileBytes: Type.Integer(),
  dataLines: Type.Integer({
    description: 'Lines after the header, counted on upload: what rowsRead is measured against for progress.',
  }),
  status: Type.String({
    enum: ['queued', 'running', 'succeeded', 'failed'],
    description:
      'queued: waiting for a node to run it (one import runs at a time); running: counts grow as it goes; ' +
      'succeeded: every line read (rejected lines are listed); failed: the file was refused whole (failure says why).',
  }),
  requestedBy: Type.String({ description: 'Who uploaded it.' }),
  requestedAt: Moment('When it was uploaded.'),
  startedAt: Nullable(Moment('When its (last) run started.')),
  finishedAt: Nullable(Moment('When it ended.')),
  attempts: Type.Integer({
    description: 'Runs started: more than 1 when a node stopped mid-import and another ran it again.',
  }),
  counts: Type.Object({
    rowsRead: Type.Integer(),
    inserted: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    removed: Type.Integer({ description: 'Premises ERCOT lists as Inactive or Retired, taken out.' }),
    rejected: Type.Integer(),
  }),
  failure: Nullable(
    Type.Object(
      { message: Type.String(), errors: Type.Array(Type.String()) },
      { description: 'Why the whole file was refused.' },
    ),
  ),
});

export const EsiidImportDetail = Type.Object({
  ...EsiidImport.properties,
  rejectedLines: Type.Array(
    Type.Object({
      line: Type.Integer({ description: 'The line of the file (1 is the header).' }),
      reason: Type.String(),
    }),
    { description: 'The first 1,000 rejected lines; all are counted.' },
  ),
});
