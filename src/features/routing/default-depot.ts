/**
 * The Hamilton branch's depot as the seed stores it in branch settings (1 Hunter St E). The app
 * reads the depot from the branch; this copy is for code without a database (the benchmark).
 */
export const DEFAULT_DEPOT = { address: '1 Hunter St E, Hamilton, ON', latitude: 43.2557, longitude: -79.869 } as const;
