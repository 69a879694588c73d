/**
 * Thirty real, public Hamilton-area addresses (civic buildings, parks, venues) with their
 * coordinates, used as the demo customers' properties so the route manager has a true map.
 */
export type DemoAddress = { address: string; city: string; postalCode: string; latitude: number; longitude: number };

export const DEMO_ADDRESSES: DemoAddress[] = [
  { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', latitude: 43.2553, longitude: -79.8711 },
  { address: '1280 Main St W', city: 'Hamilton', postalCode: 'L8S 4L8', latitude: 43.2609, longitude: -79.9192 },
  { address: '610 York Blvd', city: 'Hamilton', postalCode: 'L8R 3H1', latitude: 43.2693, longitude: -79.8846 },
  { address: '123 King St W', city: 'Hamilton', postalCode: 'L8P 4S8', latitude: 43.257, longitude: -79.8724 },
  { address: '55 York Blvd', city: 'Hamilton', postalCode: 'L8R 3K1', latitude: 43.2593, longitude: -79.8702 },
  { address: '1014 King St W', city: 'Hamilton', postalCode: 'L8S 1L4', latitude: 43.2627, longitude: -79.9082 },
  { address: '237 Barton St E', city: 'Hamilton', postalCode: 'L8L 2X2', latitude: 43.2616, longitude: -79.8524 },
  { address: '64 Melrose Ave N', city: 'Hamilton', postalCode: 'L8L 8C1', latitude: 43.2524, longitude: -79.8302 },
  { address: '1000 Main St E', city: 'Hamilton', postalCode: 'L8M 1N2', latitude: 43.2418, longitude: -79.829 },
  { address: '711 Concession St', city: 'Hamilton', postalCode: 'L8V 1C3', latitude: 43.2405, longitude: -79.847 },
  { address: '135 Fennell Ave W', city: 'Hamilton', postalCode: 'L9C 1E9', latitude: 43.2386, longitude: -79.8877 },
  { address: '999 Upper Wentworth St', city: 'Hamilton', postalCode: 'L9A 4X5', latitude: 43.2187, longitude: -79.8617 },
  { address: '200 Harbour Front Dr', city: 'Hamilton', postalCode: 'L8L 8K4', latitude: 43.271, longitude: -79.8725 },
  { address: '563 Aberdeen Ave', city: 'Hamilton', postalCode: 'L8P 2S4', latitude: 43.2495, longitude: -79.905 },
  { address: '885 Mountain Brow Blvd', city: 'Hamilton', postalCode: 'L8W 1R7', latitude: 43.2004, longitude: -79.8196 },
  { address: '75 Centennial Pkwy N', city: 'Stoney Creek', postalCode: 'L8E 2P2', latitude: 43.2297, longitude: -79.763 },
  { address: '680 Van Wagners Beach Rd', city: 'Stoney Creek', postalCode: 'L8E 3L8', latitude: 43.2518, longitude: -79.773 },
  { address: '77 King St W', city: 'Stoney Creek', postalCode: 'L8G 5E5', latitude: 43.2176, longitude: -79.7656 },
  { address: '176 Ridge Rd', city: 'Stoney Creek', postalCode: 'L8J 2V3', latitude: 43.2105, longitude: -79.7556 },
  { address: '300 Wilson St E', city: 'Ancaster', postalCode: 'L9G 2B9', latitude: 43.2186, longitude: -79.9786 },
  { address: '548 Old Dundas Rd', city: 'Ancaster', postalCode: 'L9G 3J3', latitude: 43.2259, longitude: -79.9661 },
  { address: '737 Golf Links Rd', city: 'Ancaster', postalCode: 'L9K 1L5', latitude: 43.2308, longitude: -79.9423 },
  { address: '60 Main St', city: 'Dundas', postalCode: 'L9H 2P8', latitude: 43.2658, longitude: -79.9553 },
  { address: '650 Governors Rd', city: 'Dundas', postalCode: 'L9H 5E3', latitude: 43.2405, longitude: -79.9874 },
  { address: '71 Cross St', city: 'Dundas', postalCode: 'L9H 2R4', latitude: 43.2695, longitude: -79.951 },
  { address: '160 Livingston Ave', city: 'Grimsby', postalCode: 'L3M 4G3', latitude: 43.1927, longitude: -79.5617 },
  { address: '18 Carnegie Ln', city: 'Grimsby', postalCode: 'L3M 1Y1', latitude: 43.1936, longitude: -79.56 },
  { address: '9280 Airport Rd', city: 'Mount Hope', postalCode: 'L0R 1W0', latitude: 43.1626, longitude: -79.9283 },
  { address: '2600 Hwy 56', city: 'Binbrook', postalCode: 'L0R 1C0', latitude: 43.1217, longitude: -79.8097 },
  { address: '317 Dundas St E', city: 'Waterdown', postalCode: 'L8B 0K5', latitude: 43.3347, longitude: -79.8926 },
];

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Lucas', 'Sophia', 'Ethan', 'Ava', 'Benjamin', 'Chloe', 'Jack',
  'Maya', 'Owen', 'Zoe', 'Leo', 'Hannah', 'Mateo', 'Priya', 'Samuel', 'Aisha', 'Daniel', 'Grace', 'Ravi', 'Isla', 'Marco',
  'Nadia', 'Henry', 'Leah', 'Tariq'];
const LAST = ['Tremblay', 'Martin', 'Roy', 'Gagnon', 'Lee', 'Wilson', 'Johnson', 'MacDonald', 'Taylor', 'Campbell', 'Anderson',
  'Brown', 'Singh', 'Patel', 'Nguyen', 'Smith', 'Kowalski', 'Rossi', 'Sharma', 'Murphy', 'Ali', 'Chen', 'Fraser', 'Kumar',
  'Moreau', 'Bianchi', 'Haddad', 'Stewart', 'Cohen', 'Rahman'];

export function demoPerson(i: number) {
  const firstName = FIRST[i % FIRST.length]!;
  const lastName = LAST[i % LAST.length]!;
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${i + 1}@example.com`.toLowerCase(),
    // 555-01xx numbers are reserved for fiction.
    phone: `(905) 555-01${String(i + 10).padStart(2, '0')}`,
  };
}
