/**
 * How a customer comes to a supplier at a premise: a switch from another supplier, or a move-in (service starts
 * for a new occupant; Texas). Each utility says which it takes (`utilities.switch_types`); an enrollment names one.
 */
export const SWITCH_TYPES = ['Switch', 'Move-In'] as const;

export type SwitchType = (typeof SWITCH_TYPES)[number];
