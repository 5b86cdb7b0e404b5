// @ts-check
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);

/** `new ApiError(code, message, …)`: the path is the message argument. */
function isApiErrorMessage(path) {
  const parent = path.parentPath;
  return (
    path.listKey === 'arguments' &&
    path.key === 1 &&
    parent?.isNewExpression() &&
    parent.node.callee.type === 'Identifier' &&
    parent.node.callee.name === 'ApiError'
  );
}

/**
 * The words a message is built from, passed to a helper that only puts them in an error's message: `notFound(what)`
 * (NOT_FOUND, "… was not found."), the payments module's `atGateway(action, call)` ("… while <action> …") and the
 * account changes' `conflict(message, detail)` (ENROLLMENT_STATUS_CONFLICT; its detail is still mutated).
 */
const MESSAGE_ARGUMENT = new Map([
  ['notFound', 0],
  ['atGateway', 0],
  ['conflict', 0],
]);

function isMessageHelperArgument(path) {
  const parent = path.parentPath;
  return (
    path.listKey === 'arguments' &&
    parent?.isCallExpression() &&
    parent.node.callee.type === 'Identifier' &&
    MESSAGE_ARGUMENT.get(parent.node.callee.name) === path.key
  );
}

/** `log.warn(…)`, `deps.log.error(…)`: a line for operators. */
function isLogCall(path) {
  if (!path.isCallExpression()) return false;
  const callee = path.node.callee;
  if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return false;
  if (!LOG_LEVELS.has(callee.property.name)) return false;
  const target = callee.object;
  const name =
    target.type === 'Identifier'
      ? target.name
      : target.type === 'MemberExpression' && target.property.type === 'Identifier'
        ? target.property.name
        : '';
  return name === 'log' || name === 'logger';
}

/**
 * Mutants that change only wording are left out of the score, as the issue that asked for mutation testing allows:
 * the message of an API error (its code, status and details are still mutated and must be pinned) and what a log
 * line says.
 */
export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'Wording', {
    shouldIgnore(path) {
      if (isApiErrorMessage(path) || isMessageHelperArgument(path))
        return 'The wording of an error message; its code, status and details are tested.';
      if (isLogCall(path)) return 'What a log line says; logs are for operators, not a money rule.';
      return undefined;
    },
  }),
];
