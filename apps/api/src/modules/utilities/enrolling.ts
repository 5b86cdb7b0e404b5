import type { SwitchType } from '../../domain/switch-types.js';
import { ApiError } from '../../http/errors.js';

/** What decides whether a utility takes a new enrollment: staff's switch, and the switch types it takes. */
export interface EnrollingUtility {
  name: string;
  allow_enrollments: number;
  /** JSON list of switch types. */
  switch_types: string;
}

/**
 * The utility takes new enrollments (staff may stop them), and this switch type among those it takes: checked when
 * an enrollment is made and when the wizard asks for its start dates.
 */
export function assertUtilityTakes(utility: EnrollingUtility, switchType: SwitchType): void {
  if (utility.allow_enrollments !== 1)
    throw new ApiError('UTILITY_NOT_ENROLLING', `${utility.name} is not taking new enrollments.`, [
      "planId: the plan's utility takes no new enrollments",
    ]);
  const taken = JSON.parse(utility.switch_types) as string[];
  if (!taken.includes(switchType))
    throw new ApiError(
      'SWITCH_TYPE_NOT_OFFERED',
      `${utility.name} does not take ${switchType} enrollments.`,
      [`switchType: ${utility.name} takes ${taken.join(' and ')}`],
    );
}
