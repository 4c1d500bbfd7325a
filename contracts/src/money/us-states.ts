/**
 * The US states and the first three digits of their ZIP codes, for the embedded address sandbox
 * (issue "Money": "US states and ZIP ranges"). A real address service answers the same question.
 */
export const usStates = {
  AL: { name: 'Alabama', zip: [[350, 369]] },
  AK: { name: 'Alaska', zip: [[995, 999]] },
  AZ: { name: 'Arizona', zip: [[850, 865]] },
  AR: {
    name: 'Arkansas',
    zip: [
      [716, 729],
      [755, 755],
    ],
  },
  CA: { name: 'California', zip: [[900, 961]] },
  CO: { name: 'Colorado', zip: [[800, 816]] },
  CT: { name: 'Connecticut', zip: [[60, 69]] },
  DE: { name: 'Delaware', zip: [[197, 199]] },
  DC: {
    name: 'District of Columbia',
    zip: [
      [200, 205],
      [569, 569],
    ],
  },
  FL: { name: 'Florida', zip: [[320, 349]] },
  GA: {
    name: 'Georgia',
    zip: [
      [300, 319],
      [398, 399],
    ],
  },
  HI: { name: 'Hawaii', zip: [[967, 968]] },
  ID: { name: 'Idaho', zip: [[832, 838]] },
  IL: { name: 'Illinois', zip: [[600, 629]] },
  IN: { name: 'Indiana', zip: [[460, 479]] },
  IA: { name: 'Iowa', zip: [[500, 528]] },
  KS: { name: 'Kansas', zip: [[660, 679]] },
  KY: { name: 'Kentucky', zip: [[400, 427]] },
  LA: { name: 'Louisiana', zip: [[700, 714]] },
  ME: { name: 'Maine', zip: [[39, 49]] },
  MD: { name: 'Maryland', zip: [[206, 219]] },
  MA: {
    name: 'Massachusetts',
    zip: [
      [10, 27],
      [55, 55],
    ],
  },
  MI: { name: 'Michigan', zip: [[480, 499]] },
  MN: { name: 'Minnesota', zip: [[550, 567]] },
  MS: { name: 'Mississippi', zip: [[386, 397]] },
  MO: { name: 'Missouri', zip: [[630, 658]] },
  MT: { name: 'Montana', zip: [[590, 599]] },
  NE: { name: 'Nebraska', zip: [[680, 693]] },
  NV: { name: 'Nevada', zip: [[889, 898]] },
  NH: { name: 'New Hampshire', zip: [[30, 38]] },
  NJ: { name: 'New Jersey', zip: [[70, 89]] },
  NM: { name: 'New Mexico', zip: [[870, 884]] },
  NY: {
    name: 'New York',
    zip: [
      [100, 149],
      [5, 5],
      [63, 63],
    ],
  },
  NC: { name: 'North Carolina', zip: [[270, 289]] },
  ND: { name: 'North Dakota', zip: [[580, 588]] },
  OH: { name: 'Ohio', zip: [[430, 459]] },
  OK: { name: 'Oklahoma', zip: [[730, 749]] },
  OR: { name: 'Oregon', zip: [[970, 979]] },
  PA: { name: 'Pennsylvania', zip: [[150, 196]] },
  RI: { name: 'Rhode Island', zip: [[28, 29]] },
  SC: { name: 'South Carolina', zip: [[290, 299]] },
  SD: { name: 'South Dakota', zip: [[570, 577]] },
  TN: { name: 'Tennessee', zip: [[370, 385]] },
  TX: {
    name: 'Texas',
    zip: [
      [750, 799],
      [885, 885],
    ],
  },
  UT: { name: 'Utah', zip: [[840, 847]] },
  VT: { name: 'Vermont', zip: [[50, 59]] },
  VA: {
    name: 'Virginia',
    zip: [
      [201, 201],
      [220, 246],
    ],
  },
  WA: { name: 'Washington', zip: [[980, 994]] },
  WV: { name: 'West Virginia', zip: [[247, 268]] },
  WI: { name: 'Wisconsin', zip: [[530, 549]] },
  WY: { name: 'Wyoming', zip: [[820, 831]] },
} as const satisfies Record<string, { name: string; zip: readonly (readonly [number, number])[] }>;

export type UsState = keyof typeof usStates;
export const usStateCodes = Object.keys(usStates) as UsState[];

/** A state written as its code or its name, in any case; null when it is not a US state. */
export function usStateOf(state: string): UsState | null {
  const s = state.trim().toLowerCase();
  for (const code of usStateCodes) {
    if (code.toLowerCase() === s || usStates[code].name.toLowerCase() === s) return code;
  }
  return null;
}

/** The ZIP lies in the state's ranges (its first three digits). */
export function zipInState(state: UsState, zip: string): boolean {
  const prefix = Number(zip.trim().slice(0, 3));
  if (!/^\d{5}(-\d{4})?$/.test(zip.trim())) return false;
  return usStates[state].zip.some(([from, to]) => prefix >= from && prefix <= to);
}
