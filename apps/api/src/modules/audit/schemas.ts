import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';

const Text = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 200, description }));

export const AuditQuery = Type.Object({
  actor: Text('The email of the staff member who made the changes.'),
  action: Text('`<area>.<verb>`, e.g. `enrollment.release-hold`.'),
  targetType: Text('What was changed: `enrollment`, `staff_user`, …'),
  targetId: Text('Its id.'),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'From this instant (included).' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Until this instant (excluded).' })),
  ...PagingQuery.properties,
});

const Json = Type.Unknown({ description: 'JSON, personal data masked.' });

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.String(),
  ip: Type.String(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  summary: Type.String(),
  before: Json,
  after: Json,
});
