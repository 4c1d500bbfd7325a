/** A street address the sandbox knows (and a test's double of a provider holds). */
export interface KnownPlace {
  place_id: string;
  /** `233 S Wacker Dr` */
  address1: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

const place = (
  id: string,
  address1: string,
  city: string,
  state: string,
  zip: string,
  latitude: number,
  longitude: number,
): KnownPlace => ({ place_id: `sandbox-${id}`, address1, city, state, zip, latitude, longitude });

/**
 * Issue 35 §5: the sandbox's addresses, so the address form suggests offline. Public buildings and
 * landmarks, most in Chicago (the merchant's city) and a few in other states.
 */
export const knownPlaces: readonly KnownPlace[] = [
  place('chi-wacker-233', '233 S Wacker Dr', 'Chicago', 'IL', '60606', 41.8789, -87.6359),
  place('chi-wacker-1', '1 N Wacker Dr', 'Chicago', 'IL', '60606', 41.8823, -87.6373),
  place('chi-wacker-71', '71 S Wacker Dr', 'Chicago', 'IL', '60606', 41.8807, -87.6367),
  place('chi-michigan-875', '875 N Michigan Ave', 'Chicago', 'IL', '60611', 41.8988, -87.6229),
  place('chi-michigan-111', '111 S Michigan Ave', 'Chicago', 'IL', '60603', 41.8796, -87.6237),
  place('chi-michigan-401', '401 N Michigan Ave', 'Chicago', 'IL', '60611', 41.8898, -87.6244),
  place('chi-state-1', '1 S State St', 'Chicago', 'IL', '60603', 41.8818, -87.6276),
  place('chi-state-400', '400 S State St', 'Chicago', 'IL', '60605', 41.8764, -87.6277),
  place('chi-dearborn-50', '50 W Washington St', 'Chicago', 'IL', '60602', 41.8835, -87.6303),
  place('chi-lasalle-141', '141 W Jackson Blvd', 'Chicago', 'IL', '60604', 41.8781, -87.6322),
  place('chi-randolph-201', '201 E Randolph St', 'Chicago', 'IL', '60601', 41.8846, -87.6206),
  place('chi-grand-600', '600 E Grand Ave', 'Chicago', 'IL', '60611', 41.8917, -87.6086),
  place('chi-lakeshore-1400', '1400 S Lake Shore Dr', 'Chicago', 'IL', '60605', 41.8663, -87.617),
  place('chi-clark-1060', '1060 W Addison St', 'Chicago', 'IL', '60613', 41.9484, -87.6553),
  place('chi-madison-1901', '1901 W Madison St', 'Chicago', 'IL', '60612', 41.8807, -87.6742),
  place('chi-cannon-2001', '2001 N Clark St', 'Chicago', 'IL', '60614', 41.9211, -87.634),
  place('chi-ellis-5801', '5801 S Ellis Ave', 'Chicago', 'IL', '60637', 41.7886, -87.5987),
  place('evanston-633', '633 Clark St', 'Evanston', 'IL', '60208', 42.0512, -87.6773),
  place('oakpark-951', '951 Chicago Ave', 'Oak Park', 'IL', '60302', 41.8944, -87.7993),
  place('springfield-401', '401 S 2nd St', 'Springfield', 'IL', '62701', 39.7984, -89.6544),
  place('nyc-fifth-350', '350 5th Ave', 'New York', 'NY', '10118', 40.7484, -73.9857),
  place('nyc-fifth-1000', '1000 5th Ave', 'New York', 'NY', '10028', 40.7794, -73.9632),
  place('sf-market-1', '1 Market St', 'San Francisco', 'CA', '94105', 37.7941, -122.3951),
  place('napa-1', '1 California Dr', 'Yountville', 'CA', '94599', 38.4005, -122.3585),
  place('la-grand-111', '111 S Grand Ave', 'Los Angeles', 'CA', '90012', 34.0553, -118.2498),
  place('sea-pike-85', '85 Pike St', 'Seattle', 'WA', '98101', 47.6094, -122.3404),
  place('bos-court-4', '4 S Market St', 'Boston', 'MA', '02109', 42.36, -71.0548),
  place('mia-ocean-1001', '1001 Ocean Dr', 'Miami Beach', 'FL', '33139', 25.7781, -80.131),
  place('aus-congress-1100', '1100 Congress Ave', 'Austin', 'TX', '78701', 30.2747, -97.7404),
  place('den-colfax-200', '200 E Colfax Ave', 'Denver', 'CO', '80203', 39.7393, -104.9848),
  place('dc-penn-1600', '1600 Pennsylvania Ave NW', 'Washington', 'DC', '20500', 38.8977, -77.0365),
  place('mke-lincoln-700', '700 N Art Museum Dr', 'Milwaukee', 'WI', '53202', 43.04, -87.8971),
];
