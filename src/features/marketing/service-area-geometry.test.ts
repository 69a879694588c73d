import { describe, expect, it } from 'vitest';
import { FSA_CENTROIDS } from '@/features/service-area/fsa-centroids';
import { HARBOUR, isInside, isOnWater, LAKE, MAP_HEIGHT, MAP_WIDTH, project } from './service-area-geometry';

describe('the service-area map: water', () => {
  it.each(FSA_CENTROIDS)('draws $fsa ($place) on land', (row) => {
    expect(isOnWater(row.latitude, row.longitude)).toBe(false);
  });

  it('keeps the depot, Burlington and Aldershot on land', () => {
    expect(isOnWater(43.2557, -79.869)).toBe(false); // 1 Hunter St E (DECISIONS §9)
    expect(isOnWater(43.325, -79.8)).toBe(false); // downtown Burlington, on the north shore
    expect(isOnWater(43.305, -79.86)).toBe(false); // Aldershot, north of the harbour
    expect(isOnWater(43.36, -79.8)).toBe(false); // north Burlington
  });

  it('puts the open lake and the harbour in the water', () => {
    expect(isInside([43.3, -79.65], LAKE)).toBe(true); // off Burlington and Oakville
    expect(isInside([43.25, -79.55], LAKE)).toBe(true); // off Grimsby
    expect(isInside([43.288, -79.83], HARBOUR)).toBe(true); // middle of Hamilton Harbour
    expect(isInside([43.288, -79.83], LAKE)).toBe(false); // the beach strip separates the two
  });

  it('projects the frame corners onto the drawing', () => {
    expect(project(43.37, -80.12)).toEqual([0, 0]);
    expect(project(43.05, -79.44)).toEqual([MAP_WIDTH, MAP_HEIGHT]);
  });
});
