// The office map in the footer: a fixed street address in Sheridan, Wyoming (SPEC §2), shown with
// OpenStreetMap, which needs no API key and sets no third-party cookies.
export const OFFICE_LOCATION = { latitude: 44.79763, longitude: -106.95858, zoom: 17 };

export function officeMapEmbedUrl(): string {
  const { latitude: lat, longitude: lon } = OFFICE_LOCATION;
  const bbox = [lon - 0.006, lat - 0.003, lon + 0.006, lat + 0.003].map((n) => n.toFixed(5)).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`;
}

export function officeMapLinkUrl(): string {
  const { latitude: lat, longitude: lon, zoom } = OFFICE_LOCATION;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
}
