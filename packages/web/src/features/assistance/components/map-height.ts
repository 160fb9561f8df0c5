/** Height of the map, and of what stands in for it while Leaflet loads. */
export const MAP_HEIGHT = 400;
