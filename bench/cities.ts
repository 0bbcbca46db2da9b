/**
 * About 300 US cities for the generated benchmark data, largest first (the generator weights them
 * by rank, so the big ones hold most providers), with a real three-digit ZIP prefix of each.
 * Names are unique: the site makes one city page per city name.
 */
const CITY_TABLE = `
New York,NY,100|Los Angeles,CA,900|Chicago,IL,606|Houston,TX,770|Phoenix,AZ,850|Philadelphia,PA,191
San Antonio,TX,782|San Diego,CA,921|Dallas,TX,752|Austin,TX,787|Jacksonville,FL,322|San Jose,CA,951
Fort Worth,TX,761|Columbus,OH,432|Charlotte,NC,282|Indianapolis,IN,462|San Francisco,CA,941|Seattle,WA,981
Denver,CO,802|Washington,DC,200|Nashville,TN,372|Oklahoma City,OK,731|El Paso,TX,799|Boston,MA,021
Portland,OR,972|Las Vegas,NV,891|Detroit,MI,482|Memphis,TN,381|Louisville,KY,402|Baltimore,MD,212
Milwaukee,WI,532|Albuquerque,NM,871|Tucson,AZ,857|Fresno,CA,937|Sacramento,CA,958|Mesa,AZ,852
Kansas City,MO,641|Atlanta,GA,303|Omaha,NE,681|Colorado Springs,CO,809|Raleigh,NC,276|Long Beach,CA,908
Virginia Beach,VA,234|Miami,FL,331|Oakland,CA,946|Minneapolis,MN,554|Tulsa,OK,741|Bakersfield,CA,933
Wichita,KS,672|Arlington,TX,760|Aurora,CO,800|Tampa,FL,336|New Orleans,LA,701|Cleveland,OH,441
Honolulu,HI,968|Anaheim,CA,928|Lexington,KY,405|Stockton,CA,952|Corpus Christi,TX,784|Henderson,NV,890
Riverside,CA,925|Newark,NJ,071|Saint Paul,MN,551|Santa Ana,CA,927|Cincinnati,OH,452|Irvine,CA,926
Orlando,FL,328|Pittsburgh,PA,152|St. Louis,MO,631|Greensboro,NC,274|Jersey City,NJ,073|Anchorage,AK,995
Lincoln,NE,685|Plano,TX,750|Durham,NC,277|Buffalo,NY,142|Chandler,AZ,852|Chula Vista,CA,919
Toledo,OH,436|Madison,WI,537|Gilbert,AZ,852|Reno,NV,895|Fort Wayne,IN,468|North Las Vegas,NV,890
St. Petersburg,FL,337|Lubbock,TX,794|Irving,TX,750|Laredo,TX,780|Winston-Salem,NC,271|Chesapeake,VA,233
Glendale,AZ,853|Garland,TX,750|Scottsdale,AZ,852|Norfolk,VA,235|Boise,ID,837|Fremont,CA,945
Spokane,WA,992|Santa Clarita,CA,913|Baton Rouge,LA,708|Richmond,VA,232|Hialeah,FL,330|San Bernardino,CA,924
Tacoma,WA,984|Modesto,CA,953|Huntsville,AL,358|Des Moines,IA,503|Yonkers,NY,107|Rochester,NY,146
Moreno Valley,CA,925|Fayetteville,NC,283|Fontana,CA,923|Worcester,MA,016|Port St. Lucie,FL,349|Little Rock,AR,722
Augusta,GA,309|Oxnard,CA,930|Birmingham,AL,352|Montgomery,AL,361|Frisco,TX,750|Amarillo,TX,791
Salt Lake City,UT,841|Grand Rapids,MI,495|Huntington Beach,CA,926|Overland Park,KS,662|Tallahassee,FL,323|Grand Prairie,TX,750
McKinney,TX,750|Cape Coral,FL,339|Sioux Falls,SD,571|Peoria,AZ,853|Providence,RI,029|Vancouver,WA,986
Knoxville,TN,379|Akron,OH,443|Shreveport,LA,711|Mobile,AL,366|Brownsville,TX,785|Newport News,VA,236
Fort Lauderdale,FL,333|Chattanooga,TN,374|Tempe,AZ,852|Ontario,CA,917|Elk Grove,CA,956|Salem,OR,973
Cary,NC,275|Santa Rosa,CA,954|Rancho Cucamonga,CA,917|Eugene,OR,974|Oceanside,CA,920|Clarksville,TN,370
Garden Grove,CA,928|Lancaster,CA,935|Springfield,MO,658|Pembroke Pines,FL,330|Fort Collins,CO,805|Palmdale,CA,935
Salinas,CA,939|Hayward,CA,945|Corona,CA,928|Paterson,NJ,075|Murfreesboro,TN,371|Macon,GA,312
Lakewood,CO,802|Killeen,TX,765|Alexandria,VA,223|Sunnyvale,CA,940|Hollywood,FL,330|Bellevue,WA,980
Charleston,SC,294|Escondido,CA,920|Joliet,IL,604|Naperville,IL,605|Savannah,GA,314|Mesquite,TX,751
Pasadena,CA,911|Orange,CA,928|Fullerton,CA,928|Dayton,OH,454|Rockford,IL,611|Syracuse,NY,132
Torrance,CA,905|McAllen,TX,785|Surprise,AZ,853|Denton,TX,762|Roseville,CA,956|Thornton,CO,802
Miramar,FL,330|Midland,TX,797|Waco,TX,767|Olathe,KS,660|Carrollton,TX,750|West Valley City,UT,841
Warren,MI,480|Hampton,VA,236|Gainesville,FL,326|Visalia,CA,932|Coral Springs,FL,330|Columbia,SC,292
Cedar Rapids,IA,524|Sterling Heights,MI,483|New Haven,CT,065|Stamford,CT,069|Concord,CA,945|Elizabeth,NJ,072
Athens,GA,306|Thousand Oaks,CA,913|Lafayette,LA,705|Simi Valley,CA,930|Topeka,KS,666|Norman,OK,730
Fargo,ND,581|Wilmington,NC,284|Abilene,TX,796|Odessa,TX,797|Pearland,TX,775|Victorville,CA,923
Hartford,CT,061|Vallejo,CA,945|Allentown,PA,181|Berkeley,CA,947|Richardson,TX,750|Arvada,CO,800
Ann Arbor,MI,481|Cambridge,MA,021|Sugar Land,TX,774|Lansing,MI,489|Evansville,IN,477|College Station,TX,778
Fairfield,CA,945|Clearwater,FL,337|Beaumont,TX,777|Independence,MO,640|Provo,UT,846|West Jordan,UT,840
Murrieta,CA,925|Palm Bay,FL,329|El Monte,CA,917|Carlsbad,CA,920|Temecula,CA,925|Boulder,CO,803
Costa Mesa,CA,926|Miami Gardens,FL,330|Manchester,NH,031|Westminster,CO,800|Jackson,MS,392|Round Rock,TX,786
Pueblo,CO,810|Lowell,MA,018|Billings,MT,591|Downey,CA,902|Pompano Beach,FL,330|Ventura,CA,930
Greeley,CO,806|Inglewood,CA,903|Waterbury,CT,067|League City,TX,775|Santa Maria,CA,934|Tyler,TX,757
Davie,FL,333|Lewisville,TX,750|Daly City,CA,940|Boca Raton,FL,334|Rialto,CA,923|Wichita Falls,TX,763
South Bend,IN,466|Edison,NJ,088|Burbank,CA,915|Green Bay,WI,543|Santa Monica,CA,904|Renton,WA,980
Sandy Springs,GA,303|Tuscaloosa,AL,354|Kenosha,WI,531|Spokane Valley,WA,992|Asheville,NC,288|Bend,OR,977
Burlington,VT,054|Portsmouth,NH,038|Dover,DE,199|Cheyenne,WY,820|Casper,WY,826|Rapid City,SD,577
Bismarck,ND,585|Missoula,MT,598|Bozeman,MT,597|Bangor,ME,044|Huntington,WV,257|Morgantown,WV,265
Juneau,AK,998|Hilo,HI,967|Santa Fe,NM,875|Las Cruces,NM,880|Flagstaff,AZ,860|St. George,UT,847
Coeur d'Alene,ID,838|Nampa,ID,836|Idaho Falls,ID,834|Scranton,PA,185|Erie,PA,165|Ithaca,NY,148
Albany,NY,122|Fort Myers,FL,339|Sarasota,FL,342|Naples,FL,341|Key West,FL,330|Palm Springs,CA,922
Santa Barbara,CA,931|Monterey,CA,939|San Luis Obispo,CA,934`;

export interface BenchCity {
  name: string;
  state: string;
  zip3: string;
}

export const CITIES: BenchCity[] = CITY_TABLE.split(/[|\n]/)
  .map((s) => s.trim())
  .filter(Boolean)
  .map((entry) => {
    const [name, state, zip3] = entry.split(',') as [string, string, string];
    return { name, state, zip3 };
  });

/** Neighbourhoods named in descriptions of the biggest cities, so free text like "balayage brooklyn" finds something. */
export const NEIGHBOURHOODS: Record<string, string[]> = {
  'New York': ['Brooklyn', 'Williamsburg', 'Harlem', 'SoHo', 'Astoria', 'the Upper West Side', 'Chelsea', 'Park Slope'],
  'Los Angeles': ['Silver Lake', 'Echo Park', 'Venice', 'West Hollywood', 'Koreatown', 'Los Feliz'],
  Chicago: ['Wicker Park', 'Lincoln Park', 'Logan Square', 'River North', 'Hyde Park'],
  Houston: ['Montrose', 'the Heights', 'Midtown', 'River Oaks'],
  Miami: ['Wynwood', 'Brickell', 'Little Havana', 'Coconut Grove'],
  'San Francisco': ['the Mission', 'Hayes Valley', 'Noe Valley', 'the Marina'],
};
export const GENERIC_AREAS = ['downtown', 'midtown', 'the arts district', 'Old Town', 'the university district', 'the riverfront'];
