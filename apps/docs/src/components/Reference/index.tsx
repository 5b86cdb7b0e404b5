import CodeBlock from '@theme/CodeBlock';
import Mermaid from '@theme/Mermaid';
import type { ReactNode } from 'react';
import { data, type ProspectTransition } from './data';

/** Text with `backtick` spans shown as inline code. */
function Text({ children }: { readonly children: string }): ReactNode {
  return (
    <>
      {children.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed split of one string.
          <code key={index}>{part.slice(1, -1)}</code>
        ) : (
          part
        ),
      )}
    </>
  );
}

const join = (items: readonly string[]) => items.join(', ');

/** Mermaid state names cannot contain some characters; keep letters, digits and underscores. */
const stateId = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

/** Every error code of the API (src/http/errors.ts), with its HTTP status. */
export function ErrorCodes(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>code</th>
          <th>HTTP status</th>
          <th>meaning</th>
        </tr>
      </thead>
      <tbody>
        {data.errorCodes.map((error) => (
          <tr key={error.code}>
            <td>
              <code>{error.code}</code>
            </td>
            <td>{error.status}</td>
            <td>
              <Text>{error.description}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The enrollment statuses (modules/enrollments/lifecycle.ts) with meaning, customer text and allowed moves. */
export function EnrollmentStatuses(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>id</th>
          <th>status</th>
          <th>meaning</th>
          <th>shown to customers as</th>
          <th>allowed next statuses (who moves it)</th>
        </tr>
      </thead>
      <tbody>
        {data.enrollmentStatuses.map((status) => (
          <tr key={status.status} id={`status-${status.status.toLowerCase()}`}>
            <td>{status.id}</td>
            <td>
              <code>{status.status}</code>
            </td>
            <td>
              <Text>{status.meaning}</Text>
            </td>
            <td>
              {status.hiddenFromCustomers
                ? `${status.statusForCustomers} (not listed)`
                : status.statusForCustomers}
            </td>
            <td>
              {status.next.length === 0 ? (
                'none: final'
              ) : (
                <ul>
                  {status.next.map((move) => (
                    <li key={move.to}>
                      <code>{move.to}</code> ({join(move.actors)})
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The statuses an agent's work queue shows by default. */
export function AgentDefaultQueue(): ReactNode {
  return (
    <ul>
      {data.agentDefaultQueue.map((status) => (
        <li key={status}>
          <code>{status}</code>
        </li>
      ))}
    </ul>
  );
}

/**
 * The statuses that can all move to one another (the decision flow re-deciding holds), found from the
 * transition table: drawn as one composite state so the diagram stays readable.
 */
function mutualGroup(): string[] {
  const group: string[] = [];
  const targets = new Map(data.enrollmentStatuses.map((s) => [s.status, new Set(s.next.map((n) => n.to))]));
  for (const status of data.enrollmentStatuses) {
    const mine = targets.get(status.status);
    if (group.every((other) => mine?.has(other) && targets.get(other)?.has(status.status)))
      group.push(status.status);
  }
  return group.length >= 3 ? group : [];
}

/** A state diagram of the enrollment lifecycle, built from the allowed transitions. */
export function EnrollmentStatusDiagram(): ReactNode {
  const group = mutualGroup();
  const inGroup = new Set(group);
  const groupId = 'BEFORE_SUBMISSION';
  const lines = ['stateDiagram-v2'];
  if (group.length > 0) {
    lines.push(`  state "Decision: queued or on hold (any of these can follow another)" as ${groupId} {`);
    for (const status of group) lines.push(`    ${stateId(status)}`);
    lines.push('  }');
  }
  const first = data.enrollmentStatuses[0]?.status ?? 'QUEUED_FOR_SUBMISSION';
  lines.push(`  [*] --> ${inGroup.has(first) ? groupId : stateId(first)}`);
  const seen = new Set<string>();
  for (const status of data.enrollmentStatuses) {
    for (const move of status.next) {
      if (move.to === status.status || (inGroup.has(status.status) && inGroup.has(move.to))) continue;
      // A move every member of the group makes with the same actors is drawn once, from the group.
      const shared =
        inGroup.has(status.status) &&
        group.every((member) =>
          data.enrollmentStatuses
            .find((s) => s.status === member)
            ?.next.some((n) => n.to === move.to && join(n.actors) === join(move.actors)),
        );
      const from = shared ? groupId : stateId(status.status);
      const to = inGroup.has(move.to) ? groupId : stateId(move.to);
      const line = `  ${from} --> ${to}: ${join(move.actors)}`;
      if (!seen.has(line)) lines.push(line);
      seen.add(line);
    }
    if (status.next.length === 0) lines.push(`  ${stateId(status.status)} --> [*]`);
  }
  return <Mermaid value={lines.join('\n')} />;
}

/** The prospect sales statuses, the document-signing statuses and the transition table. */
export function ProspectStatuses(): ReactNode {
  const { statuses, signingStatuses, transitions, signingEvents } = data.prospects;
  return (
    <>
      <p>
        Sales statuses (<code>status</code>):{' '}
        {statuses.map((s, i) => [i > 0 ? ', ' : '', <code key={s}>{s}</code>])}.
      </p>
      <p>
        Signing statuses (<code>signingStatus</code>):{' '}
        {signingStatuses.map((s, i) => [i > 0 ? ', ' : '', <code key={s}>{s}</code>])}.
      </p>
      <table>
        <thead>
          <tr>
            <th>from</th>
            <th>to</th>
            <th>by</th>
            <th>effect</th>
          </tr>
        </thead>
        <tbody>
          {transitions.map((t) => (
            <tr key={`${t.from}-${t.to}-${t.by}`}>
              <td>
                <code>{t.from}</code>
              </td>
              <td>
                <code>{t.to}</code>
              </td>
              <td>{t.by}</td>
              <td>
                <Text>{t.effect}</Text>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Document-signing webhook events and the signing status each one sets:</p>
      <table>
        <thead>
          <tr>
            <th>signing event</th>
            <th>signing status</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(signingEvents).map(([event, status]) => (
            <tr key={event}>
              <td>
                <code>{event}</code>
              </td>
              <td>
                <code>{status}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function transitionDiagram(transitions: readonly ProspectTransition[], first: string): string {
  const lines = ['stateDiagram-v2', `  [*] --> ${stateId(first)}`];
  const seen = new Set<string>();
  for (const t of transitions) {
    const key = `${t.from}->${t.to}`;
    if (seen.has(key) || t.from === t.to) continue;
    seen.add(key);
    const by = transitions.filter((o) => o.from === t.from && o.to === t.to).map((o) => o.by);
    lines.push(`  ${stateId(t.from)} --> ${stateId(t.to)}: ${join([...new Set(by)])}`);
  }
  return lines.join('\n');
}

/** A state diagram of the prospect sales statuses, built from the transition table. */
export function ProspectStatusDiagram(): ReactNode {
  return (
    <Mermaid value={transitionDiagram(data.prospects.transitions, data.prospects.statuses[0] ?? 'New')} />
  );
}

/** Which role groups may call each prospect operation. */
export function ProspectRolePermissions(): ReactNode {
  const groups = data.roleGroups;
  return (
    <table>
      <thead>
        <tr>
          <th>action</th>
          <th>operation</th>
          {groups.map((group) => (
            <th key={group}>{group}</th>
          ))}
          <th>note</th>
        </tr>
      </thead>
      <tbody>
        {data.prospects.rolePermissions.map((p) => {
          const route = data.routes.find((r) => r.operationId === p.operationId);
          return (
            <tr key={p.operationId}>
              <td>{p.action}</td>
              <td>
                {route ? (
                  <code>
                    {route.method} {route.url}
                  </code>
                ) : (
                  <code>{p.operationId}</code>
                )}
              </td>
              {groups.map((group) => (
                <td key={group}>{p.roleGroups.includes(group) ? 'yes' : 'no'}</td>
              ))}
              <td>{p.note ? <Text>{p.note}</Text> : null}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The role groups an account can hold (returned as roleGroups at login). */
export function RoleGroups(): ReactNode {
  const byGroup = data.roleGroups.map((group) => ({
    group,
    routes: data.routes.filter((r) => r.roleGroups.includes(group)),
  }));
  return (
    <table>
      <thead>
        <tr>
          <th>role group</th>
          <th>operations limited to this group (or shared with others)</th>
        </tr>
      </thead>
      <tbody>
        {byGroup.map(({ group, routes }) => (
          <tr key={group}>
            <td>
              <code>{group}</code>
            </td>
            <td>
              {routes.length === 0
                ? 'no operation is reserved to this group; it uses the endpoints the account is permitted'
                : routes.map((r, i) => [
                    i > 0 ? ', ' : '',
                    <code key={`${r.method} ${r.url}`}>
                      {r.method} {r.url}
                    </code>,
                  ])}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const money = (value: number, type: string) =>
  type === 'monthly'
    ? `$${value.toFixed(2)} per month`
    : `${(value * 100).toFixed(4)} ¢ per ${type.replace('per_', '')}`;

/** The utilities (LDCs and TDSPs) with their account number rules and delivery charges. */
export function Utilities(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>code</th>
          <th>utility</th>
          <th>commodity, state, market</th>
          <th>account number</th>
          <th>delivery charges</th>
        </tr>
      </thead>
      <tbody>
        {data.utilities.map((u) => (
          <tr key={u.code}>
            <td>
              <code>{u.code}</code>
            </td>
            <td>
              {u.name}
              <br />
              <small>{u.formal_name}</small>
            </td>
            <td>
              {u.commodity}, {u.state}, {u.market}
            </td>
            <td>
              {u.ldc_label}: {u.ldc_length} {u.ldc_only_numbers ? 'digits' : 'characters'}
              {u.ldc_prefix ? (
                <>
                  , starts <code>{u.ldc_prefix}</code>
                </>
              ) : null}
              {u.sample_bill_label ? (
                <>
                  <br />
                  <small>{u.sample_bill_label}</small>
                </>
              ) : null}
            </td>
            <td>
              {u.delivery_charges.length === 0 ? (
                'none seeded'
              ) : (
                <ul>
                  {u.delivery_charges.map((c) => (
                    <li key={c.name}>
                      {c.name}: {money(c.charge, c.type)}
                      {c.uom_from !== null || c.uom_to !== null
                        ? ` (${c.uom_from ?? 0} to ${c.uom_to ?? '∞'})`
                        : ''}
                    </li>
                  ))}
                </ul>
              )}
              {u.charges_effective_date ? <small>effective {u.charges_effective_date}</small> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The ESIID and LDC account number rules of each utility. */
export function LdcList(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>utility</th>
          <th>state</th>
          <th>label</th>
          <th>prefix</th>
          <th>length</th>
          <th>digits only</th>
          <th>mask</th>
        </tr>
      </thead>
      <tbody>
        {data.utilities.map((u) => (
          <tr key={u.code}>
            <td>
              {u.name} (<code>{u.code}</code>)
            </td>
            <td>{u.state}</td>
            <td>{u.ldc_label}</td>
            <td>{u.ldc_prefix ? <code>{u.ldc_prefix}</code> : 'none'}</td>
            <td>{u.ldc_length}</td>
            <td>{u.ldc_only_numbers ? 'yes' : 'no'}</td>
            <td>{u.ldc_mask ? <code>{u.ldc_mask}</code> : 'none'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The utility manager settings of each utility that the enrollment rules read. */
export function UtilityFields(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>utility</th>
          <th>rescission period (days)</th>
          <th>weekend start dates</th>
          <th>minimum credit score</th>
          <th>ETF window (days)</th>
          <th>renewal alert (days)</th>
          <th>switch types</th>
        </tr>
      </thead>
      <tbody>
        {data.utilities.map((u) => (
          <tr key={u.code}>
            <td>
              {u.name} (<code>{u.code}</code>)
            </td>
            <td>{u.rescission_period}</td>
            <td>{u.allow_weekend_start_dates ? 'allowed' : 'not allowed'}</td>
            <td>{u.min_credit_score ?? 'none'}</td>
            <td>{u.etf_windows}</td>
            <td>{u.renewal_alert}</td>
            <td>{join(u.switch_types)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The seeded zip codes, by state and utility. */
export function ZipcodeList(): ReactNode {
  const states = [...new Set(data.zipcodes.map((z) => z.state))].sort();
  return (
    <>
      {states.map((state) => {
        const rows = data.zipcodes.filter((z) => z.state === state);
        return (
          <section key={state}>
            <h3 id={`zip-codes-${state.toLowerCase()}`}>
              {state}: {rows.length} zip codes
            </h3>
            <table>
              <thead>
                <tr>
                  <th>zip code</th>
                  <th>city</th>
                  <th>county</th>
                  <th>utility</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((z) => (
                  <tr key={`${z.zipcode}-${z.utility}`}>
                    <td>{z.zipcode}</td>
                    <td>{z.city}</td>
                    <td>{z.county}</td>
                    <td>
                      <code>{z.utility}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}

/** Plan types (id_plan_type). */
export function PlanTypes(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>id_plan_type</th>
          <th>name</th>
        </tr>
      </thead>
      <tbody>
        {data.planTypes.map((t) => (
          <tr key={t.id}>
            <td>{t.id}</td>
            <td>{t.name}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

/** The usage shape that weights time-of-use rates (modules/plans/load-shape.ts). */
export function TimeOfUseShape(): ReactNode {
  const shape = data.timeOfUseShape;
  const seasons = Object.keys(shape.hourlyShare);
  return (
    <>
      <p>
        Summer months: {shape.summerMonths.join(', ')}. Season weights:{' '}
        {Object.entries(shape.seasonWeight)
          .map(([season, weight]) => `${season} ${percent(weight)}`)
          .join(', ')}
        . Day-type weights:{' '}
        {Object.entries(shape.dayTypeWeight)
          .map(([day, weight]) => `${day} ${percent(weight)}`)
          .join(', ')}
        .
      </p>
      <table>
        <thead>
          <tr>
            <th>hour starting</th>
            {seasons.map((season) => (
              <th key={season}>{season} share of the day's usage</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 24 }, (_, hour) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the 24 hours of a day.
            <tr key={hour}>
              <td>{String(hour).padStart(2, '0')}:00</td>
              {seasons.map((season) => (
                <td key={season}>{percent(shape.hourlyShare[season]?.[hour] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const every = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

/** The background tasks the API runs (the Service Tasks page). */
export function BackgroundTasks(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>task</th>
          <th>runs every</th>
          <th>what it does</th>
        </tr>
      </thead>
      <tbody>
        {data.backgroundTasks.map((task) => (
          <tr key={task.name}>
            <td>
              <code>{task.name}</code>
            </td>
            <td>{every(task.everySeconds)}</td>
            <td>
              <Text>{task.description}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OutcomeTable({
  title,
  rows,
}: {
  readonly title: string;
  readonly rows: readonly { input: string; outcome: string }[];
}) {
  return (
    <table>
      <thead>
        <tr>
          <th>{title}: input</th>
          <th>outcome</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.input}>
            <td>{row.input}</td>
            <td>{row.outcome}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Sandbox credentials and the test values of the sandbox adapters. `only` picks one adapter. */
export function SandboxValues({
  only,
}: {
  readonly only?: 'credentials' | 'creditBureau' | 'billingSystem' | 'paymentGateway';
}): ReactNode {
  const s = data.sandbox;
  const show = (part: string) => only === undefined || only === part;
  return (
    <>
      {show('credentials') ? (
        <table>
          <thead>
            <tr>
              <th>sandbox</th>
              <th>value</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>retail company</td>
              <td>{s.company}</td>
            </tr>
            <tr>
              <td>web service account</td>
              <td>
                API key <code>{s.apiKey}</code>, secret <code>{s.apiSecret}</code>
              </td>
            </tr>
            <tr>
              <td>affiliate account ({s.affiliate.name})</td>
              <td>
                API key <code>{s.affiliate.apiKey}</code>, secret <code>{s.affiliate.apiSecret}</code>
              </td>
            </tr>
            <tr>
              <td>self-service customer</td>
              <td>
                <code>{s.customer.username}</code> / <code>{s.customer.password}</code>
              </td>
            </tr>
          </tbody>
        </table>
      ) : null}
      {show('creditBureau') ? <OutcomeTable title="credit bureau" rows={s.creditBureau} /> : null}
      {show('billingSystem') ? <OutcomeTable title="billing system" rows={s.billingSystem} /> : null}
      {show('paymentGateway') ? <OutcomeTable title="payment gateway" rows={s.paymentGateway} /> : null}
    </>
  );
}

/** Drop reason codes (reasonCodeId) and whether an early termination fee applies. */
export function DropReasons(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>reasonCodeId</th>
          <th>reason</th>
          <th>early termination fee</th>
        </tr>
      </thead>
      <tbody>
        {data.dropReasons.map((reason) => (
          <tr key={reason.id}>
            <td>{reason.id}</td>
            <td>{reason.name}</td>
            <td>{reason.etf ? 'may apply' : 'never'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Columns of the pricing matrix CSV, in order. */
export function PricingMatrixColumns(): ReactNode {
  return (
    <ol>
      {data.prospects.pricingMatrixColumns.map((column) => (
        <li key={column}>
          <code>{column}</code>
        </li>
      ))}
    </ol>
  );
}

/** The pricing matrix header line, ready to paste. */
export function PricingMatrixHeader(): ReactNode {
  return <code>{data.prospects.pricingMatrixColumns.join(',')}</code>;
}

/** Billing delivery methods (id_method_delivery). */
export function DeliveryMethods(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>id_method_delivery</th>
          <th>bills are sent by</th>
        </tr>
      </thead>
      <tbody>
        {data.billingDeliveryMethods.map((m) => (
          <tr key={m.id_method_delivery}>
            <td>{m.id_method_delivery}</td>
            <td>{m.name}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The credit rules a plan gets when it sets none of its own. */
export function CreditDefaults(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>general rule</th>
          <th>default</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(data.creditDefaults).map(([rule, value]) => (
          <tr key={rule}>
            <td>
              <code>{rule}</code>
            </td>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Customer types with their required fields, ETF flag and prospect expiry. */
export function CustomerTypes(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>customer type</th>
          <th>required fields</th>
          <th>sends ETF value</th>
          <th>prospect expires after (days)</th>
        </tr>
      </thead>
      <tbody>
        {data.customerTypes.map((t) => (
          <tr key={t.code}>
            <td>
              {t.name} (<code>{t.code}</code>)
            </td>
            <td>
              {Object.entries(t)
                .filter(([key, value]) => key.startsWith('required_') && value === 1)
                .map(([key]) => key.replace('required_', '').replaceAll('_', ' '))
                .join(', ')}
            </td>
            <td>{t.send_etf_value === 1 ? 'yes' : 'no'}</td>
            <td>{t.prospect_expiration_days}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every autoresponder trigger (modules/autoresponders/triggers.ts): when it fires and the variables it provides. */
export function AutoresponderTriggers(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>trigger</th>
          <th>fires when</th>
          <th>follows notification</th>
          <th>event source</th>
        </tr>
      </thead>
      <tbody>
        {data.autoresponderTriggers.map((trigger) => (
          <tr key={trigger.key}>
            <td>
              <code>{trigger.key}</code>
            </td>
            <td>
              <Text>{trigger.fires}</Text>
            </td>
            <td>{trigger.notificationKind ? <code>{trigger.notificationKind}</code> : 'none (prospect)'}</td>
            <td>{trigger.source}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every replacement variable (modules/autoresponders/variables.ts): example, sources and how it is computed. */
export function ReplacementVariables(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>variable</th>
          <th>meaning</th>
          <th>example</th>
          <th>provided by</th>
          <th>computed from</th>
        </tr>
      </thead>
      <tbody>
        {data.replacementVariables.map((variable) => (
          <tr key={variable.name}>
            <td>
              <code>{`{{${variable.name}}}`}</code>
            </td>
            <td>{variable.description}</td>
            <td>{variable.example}</td>
            <td>{join(variable.sources)}</td>
            <td>
              <Text>{variable.computed}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The operations of a connector contract (credit bureau or billing system), from its generated OpenAPI document. */
export function ConnectorOperations({
  system,
}: {
  readonly system: 'creditBureau' | 'billingSystem';
}): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>operation</th>
          <th>what it does</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(data.connectorContracts[system].paths).map(([path, { post }]) => (
          <tr key={path}>
            <td>
              <code>POST {path}</code>
              <br />
              <code>{post.operationId}</code>
            </td>
            <td>
              <strong>{post.summary}.</strong> <Text>{post.description}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The error codes a connector answers with, and what Voltin does with each (the same for both contracts). */
export function ConnectorErrorCodes(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>code</th>
          <th>HTTP status</th>
          <th>Voltin</th>
          <th>meaning</th>
        </tr>
      </thead>
      <tbody>
        {data.connectorContracts.creditBureau.components['x-error-codes'].map((error) => (
          <tr key={error.code}>
            <td>
              <code>{error.code}</code>
            </td>
            <td>{error.status}</td>
            <td>{error.treatment === 'refused' ? 'fails at once' : 'retries, then unavailable'}</td>
            <td>
              <Text>{error.description}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The whole OpenAPI 3.1 document of a connector contract, as JSON to copy into a code generator or validator. */
export function ConnectorContractDocument({
  system,
}: {
  readonly system: 'creditBureau' | 'billingSystem';
}): ReactNode {
  return (
    <details>
      <summary>{data.connectorContracts[system].info.title} (OpenAPI 3.1, JSON)</summary>
      <CodeBlock language="json">{JSON.stringify(data.connectorContracts[system], null, 2)}</CodeBlock>
    </details>
  );
}

/** The JSON Schema of the company file (`npm run company:apply`), generated from the schema the command validates with. */
export function CompanyFileJsonSchema(): ReactNode {
  return (
    <details>
      <summary>The company file&apos;s JSON Schema</summary>
      <CodeBlock language="json">{JSON.stringify(data.companyFile, null, 2)}</CodeBlock>
    </details>
  );
}

/** Who may call a console operation, in words. */
function permissionLabel(permission: string): ReactNode {
  if (permission === 'public') return 'none: answered before sign-in';
  if (permission === 'signed-in') return 'any signed-in staff member';
  return <code>{permission}</code>;
}

/**
 * The operations that use a permission: those whose route needs it, and those that check it for part of what they do
 * (their summary names it: releasing a hold checks `deposits.waive` to waive the deposit).
 */
const operationsUsing = (permission: string) =>
  data.consoleAccess.operations.filter(
    (operation) => operation.permission === permission || operation.summary.includes(permission),
  );

/**
 * The Operations console's permissions (modules/staff/roles.ts), what each permits, and which of the six roles grant
 * it; a last column says how many operations of the console's API use the permission yet.
 */
export function ConsoleRoles(): ReactNode {
  const { permissions, roles } = data.consoleAccess;
  return (
    <table>
      <thead>
        <tr>
          <th>permission</th>
          <th>what it permits</th>
          {roles.map(({ role }) => (
            <th key={role}>{role}</th>
          ))}
          <th>operations using it today</th>
        </tr>
      </thead>
      <tbody>
        {permissions.map(({ permission, description }) => {
          const used = operationsUsing(permission).length;
          return (
            <tr key={permission} id={`permission-${permission.replace('.', '-')}`}>
              <td>
                <code>{permission}</code>
              </td>
              <td>
                <Text>{description}</Text>
              </td>
              {roles.map(({ role, permissions: granted }) => (
                <td key={role}>{granted.includes(permission) ? 'yes' : 'no'}</td>
              ))}
              <td>{used === 0 ? 'none yet' : used}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Every operation of the console's API (or those of one OpenAPI tag) and the permission it needs. */
export function ConsoleOperations({ tag }: { readonly tag?: string }): ReactNode {
  const operations = data.consoleAccess.operations.filter(
    (operation) => tag === undefined || operation.tags.includes(tag),
  );
  return (
    <table>
      <thead>
        <tr>
          <th>operation</th>
          <th>what it does</th>
          <th>permission needed</th>
        </tr>
      </thead>
      <tbody>
        {operations.map((operation) => (
          <tr key={`${operation.method} ${operation.path}`}>
            <td>
              <code>
                {operation.method} {operation.path}
              </code>
            </td>
            <td>
              <Text>{operation.summary}</Text>
            </td>
            <td>{permissionLabel(operation.permission)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Operations console's sandbox staff (never created in production). */
export function ConsoleSandboxStaff(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>email</th>
          <th>password</th>
          <th>role</th>
        </tr>
      </thead>
      <tbody>
        {data.sandbox.staff.map((member) => (
          <tr key={member.email}>
            <td>
              <code>{member.email}</code>
            </td>
            <td>
              <code>{member.password}</code>
            </td>
            <td>{member.role}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
