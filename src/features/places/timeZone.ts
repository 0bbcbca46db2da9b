/**
 * The IANA time zone of a place: its state's (src/features/places/usStates.ts), except in the counties of the
 * states that span two zones, which keep the other one (docs/search.md: "Open now").
 */
import { US_STATES } from './usStates';

const CHICAGO = 'America/Chicago';
const NEW_YORK = 'America/New_York';
const DENVER = 'America/Denver';

/** Counties that keep another zone than most of their state, by state. */
const COUNTY_ZONES: Record<string, Record<string, string>> = {
  TX: zones(DENVER, 'El Paso', 'Hudspeth', 'Culberson'),
  FL: zones(CHICAGO, 'Escambia', 'Santa Rosa', 'Okaloosa', 'Walton', 'Holmes', 'Washington', 'Bay', 'Jackson', 'Calhoun'),
  IN: zones(CHICAGO, 'Lake', 'Porter', 'LaPorte', 'La Porte', 'Newton', 'Jasper', 'Starke', 'Gibson', 'Posey', 'Vanderburgh', 'Warrick', 'Spencer', 'Perry'),
  KY: zones(
    CHICAGO,
    'Adair',
    'Allen',
    'Ballard',
    'Barren',
    'Breckinridge',
    'Butler',
    'Caldwell',
    'Calloway',
    'Carlisle',
    'Christian',
    'Clinton',
    'Crittenden',
    'Cumberland',
    'Daviess',
    'Edmonson',
    'Fulton',
    'Graves',
    'Grayson',
    'Hancock',
    'Hart',
    'Henderson',
    'Hickman',
    'Hopkins',
    'Livingston',
    'Logan',
    'Lyon',
    'McCracken',
    'McLean',
    'Marshall',
    'Metcalfe',
    'Monroe',
    'Muhlenberg',
    'Ohio',
    'Russell',
    'Simpson',
    'Todd',
    'Trigg',
    'Union',
    'Warren',
    'Webster',
  ),
  TN: zones(
    NEW_YORK,
    'Anderson',
    'Blount',
    'Bradley',
    'Campbell',
    'Carter',
    'Claiborne',
    'Cocke',
    'Grainger',
    'Greene',
    'Hamblen',
    'Hamilton',
    'Hancock',
    'Hawkins',
    'Jefferson',
    'Johnson',
    'Knox',
    'Loudon',
    'McMinn',
    'Meigs',
    'Monroe',
    'Morgan',
    'Polk',
    'Rhea',
    'Roane',
    'Scott',
    'Sevier',
    'Sullivan',
    'Unicoi',
    'Union',
    'Washington',
  ),
  MI: zones('America/Menominee', 'Gogebic', 'Iron', 'Dickinson', 'Menominee'),
  ND: zones(DENVER, 'Adams', 'Billings', 'Bowman', 'Golden Valley', 'Grant', 'Hettinger', 'Sioux', 'Slope', 'Stark'),
  SD: zones(
    DENVER,
    'Bennett',
    'Butte',
    'Corson',
    'Custer',
    'Dewey',
    'Fall River',
    'Haakon',
    'Harding',
    'Jackson',
    'Lawrence',
    'Meade',
    'Mellette',
    'Oglala Lakota',
    'Shannon',
    'Pennington',
    'Perkins',
    'Stanley',
    'Ziebach',
  ),
  NE: zones(
    DENVER,
    'Arthur',
    'Banner',
    'Box Butte',
    'Chase',
    'Cheyenne',
    'Dawes',
    'Deuel',
    'Dundy',
    'Garden',
    'Grant',
    'Hooker',
    'Keith',
    'Kimball',
    'Morrill',
    'Perkins',
    'Scotts Bluff',
    'Sheridan',
    'Sioux',
  ),
  KS: zones(DENVER, 'Greeley', 'Hamilton', 'Sherman', 'Wallace'),
  ID: zones('America/Los_Angeles', 'Benewah', 'Bonner', 'Boundary', 'Clearwater', 'Idaho', 'Kootenai', 'Latah', 'Lewis', 'Nez Perce', 'Shoshone'),
  OR: zones('America/Boise', 'Malheur'),
  AK: zones('America/Adak', 'Aleutians West'),
};

function zones(zone: string, ...counties: string[]): Record<string, string> {
  return Object.fromEntries(counties.map((c) => [c.toLowerCase(), zone]));
}

/** Every zone a provider can be in: the few the search computes "now" for. */
export const TIME_ZONES: readonly string[] = [
  ...new Set([...Object.values(US_STATES).map((s) => s.timeZone), ...Object.values(COUNTY_ZONES).flatMap((c) => Object.values(c))]),
].sort();

/** The zone of a place in `state` (and `county`, when known); New York time for anything unknown. */
export function timeZoneOf(state: string, county?: string): string {
  const code = state.toUpperCase();
  const byCounty = county ? COUNTY_ZONES[code]?.[county.replace(/ (County|Parish|Borough)$/i, '').toLowerCase()] : undefined;
  return byCounty ?? US_STATES[code]?.timeZone ?? NEW_YORK;
}

/** Every zone a place in one of `states` can have: the state's own and its counties' others. */
export function timeZonesOfStates(states: readonly string[]): string[] {
  return [...new Set(states.flatMap((state) => [timeZoneOf(state), ...Object.values(COUNTY_ZONES[state.toUpperCase()] ?? {})]))].sort();
}
