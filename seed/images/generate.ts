/**
 * Sample images for the local seed content (seed/media/**).
 *
 * Why: the seed pages need pictures, but we don't want stock photos with unclear
 * licences or network downloads. Each image is drawn here as an SVG string
 * (abstract illustration in the PUSH palette, no text) and encoded to a small
 * WebP with sharp, so the output is deterministic and can be regenerated at will.
 *
 * Run from the repo root:  npx tsx seed/images/generate.ts
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "..", "media");

const C = {
  navy: "#0b2545", navy2: "#13315c", navy3: "#1f4a7a", teal: "#13a89e", tealL: "#7fdcd2",
  tealD: "#0d7c75", amber: "#f4a259", amberL: "#f9cf9c", off: "#f7f3ec", mist: "#e4ecf2", slate: "#8da9c4",
};
const SKIN = ["#f1c9a5", "#c98c5f", "#8a5636", "#e0a97e"];
const HAIR = ["#2b1d16", "#5a3a22", "#14110f", "#7a4b2a"];

/** Small seeded PRNG (mulberry32) so scattered details are identical on every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- SVG building blocks ----------
const svg = (w: number, h: number, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
const lin = (id: string, stops: string[], x2 = 1, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join("")}</linearGradient>`;
const rad = (id: string, color: string, op = 0.6) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${op}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
const dots = (id: string, color: string, gap = 22, op = 0.14) =>
  `<pattern id="${id}" width="${gap}" height="${gap}" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.6" fill="${color}" opacity="${op}"/></pattern>`;
const rect = (w: number, h: number, fill: string, x = 0, y = 0, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const rot = (deg: number, cx: number, cy: number, inner: string) => `<g transform="rotate(${deg} ${cx} ${cy})">${inner}</g>`;

/** Rounded bars that read as "text" without being text. */
function bars(x: number, y: number, w: number, h: number, ink: string, n = 3, op = 0.85) {
  const lh = Math.max(3, h / (n * 2.2)), gap = lh * 2;
  const y0 = y + (h - ((n - 1) * gap + lh)) / 2;
  return Array.from({ length: n }, (_, i) =>
    rect(w * (i === n - 1 && n > 1 ? 0.55 : 1 - i * 0.1), lh, ink, x, y0 + i * gap, `rx="${lh / 2}" opacity="${op}"`)).join("");
}

/** Speech bubble with a tail (dir 1 = tail bottom-left, -1 = bottom-right). */
function bubble(x: number, y: number, w: number, h: number, fill: string, dir = 1, ink = "#fff", n = 3) {
  const tx = dir > 0 ? x + w * 0.24 : x + w * 0.76, t = h * 0.32;
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h * 0.3}" fill="${fill}"/>` +
    `<path d="M${tx - t * 0.6 * dir} ${y + h - 2} L${tx - t * dir} ${y + h + t} L${tx + t * 0.7 * dir} ${y + h - 2}Z" fill="${fill}"/>` +
    bars(x + h * 0.3, y + h * 0.18, w - h * 0.6, h * 0.64, ink, n) + `</g>`;
}

/** Stylised person bust: shoulders + head + hair. (cx, by) = bottom centre, s = shoulder half-width. */
function person(cx: number, by: number, s: number, shirt: string, i = 0, longHair = false) {
  const hr = s * 0.42, hy = by - s * 1.42;
  const hair = longHair
    ? `<path d="M${cx - hr * 1.12} ${hy + hr * 1.5} V${hy} a${hr * 1.12} ${hr * 1.12} 0 0 1 ${hr * 2.24} 0 V${hy + hr * 1.5}Z" fill="${HAIR[i % 4]!}"/>`
    : "";
  return `<g>${hair}<path d="M${cx - s} ${by} V${by - s * 0.5} a${s} ${s * 0.62} 0 0 1 ${2 * s} 0 V${by}Z" fill="${shirt}"/>` +
    rect(hr * 0.7, hr * 0.7, SKIN[i % 4]!, cx - hr * 0.35, hy + hr * 0.7) + circle(cx, hy, hr, SKIN[i % 4]!) +
    `<path d="M${cx - hr * 1.04} ${hy + hr * 0.1} a${hr * 1.04} ${hr * 1.12} 0 0 1 ${hr * 2.08} 0 Q${cx + hr * 0.75} ${hy - hr * 0.5} ${cx + hr * 0.15} ${hy - hr * 0.5}` +
    ` Q${cx - hr * 0.75} ${hy - hr * 0.45} ${cx - hr * 1.04} ${hy + hr * 0.1}Z" fill="${HAIR[i % 4]!}"/></g>`;
}

/** Over-ear headset sized for a head of radius hr centred at (cx, cy). */
function headset(cx: number, cy: number, hr: number, band: string, cup: string, mic = true) {
  const r = hr * 1.12, w = hr * 0.34, h = hr * 0.72;
  const boom = mic ? `<path d="M${cx - r} ${cy + h * 0.3} Q${cx - r + hr * 0.1} ${cy + hr * 0.65} ${cx - hr * 0.3} ${cy + hr * 0.62}" stroke="${band}" stroke-width="${hr * 0.08}" fill="none" stroke-linecap="round"/>` +
    circle(cx - hr * 0.3, cy + hr * 0.62, hr * 0.1, cup) : "";
  return `<g><path d="M${cx - r} ${cy} A${r} ${r * 1.05} 0 0 1 ${cx + r} ${cy}" stroke="${band}" stroke-width="${hr * 0.14}" fill="none"/>` +
    [cx - r - w / 2, cx + r - w / 2].map((x) => rect(w, h, cup, x, cy - h / 2, `rx="${w / 2}"`)).join("") + boom + `</g>`;
}

/** Wireframe globe. */
function globe(cx: number, cy: number, r: number, stroke: string, sw = 2, fill = "none") {
  const lat = [-0.55, 0, 0.55].map((d) => {
    const y = cy + d * r, hw = Math.sqrt(r * r - (d * r) ** 2);
    return `<line x1="${cx - hw}" y1="${y}" x2="${cx + hw}" y2="${y}"/>`;
  }).join("");
  return `<g stroke="${stroke}" stroke-width="${sw}" fill="none">${circle(cx, cy, r, fill)}` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.38}" ry="${r}"/><ellipse cx="${cx}" cy="${cy}" rx="${r * 0.75}" ry="${r}"/>` +
    `<line x1="${cx}" y1="${cy - r}" x2="${cx}" y2="${cy + r}"/>${lat}</g>`;
}

/** Page with a folded corner and "text" bars. */
function doc(x: number, y: number, w: number, h: number, fill: string, ink: string, accent: string) {
  const f = w * 0.22;
  return `<g><path d="M${x} ${y} h${w - f} l${f} ${f} v${h - f} h${-w}Z" fill="${fill}"/>` +
    `<path d="M${x + w - f} ${y} v${f} h${f}Z" fill="${accent}" opacity=".7"/>` + rect(w * 0.4, h * 0.06, accent, x + w * 0.12, y + h * 0.12, `rx="${h * 0.03}"`) +
    bars(x + w * 0.12, y + h * 0.26, w * 0.76, h * 0.3, ink, 4, 0.5) + bars(x + w * 0.12, y + h * 0.6, w * 0.76, h * 0.26, ink, 3, 0.5) + `</g>`;
}

/** Map pin with its tip at (x, y). */
const pin = (x: number, y: number, s: number, fill: string, dot = "#fff") =>
  `<path d="M${x} ${y} L${x - s * 0.8} ${y - s} A${s} ${s} 0 1 1 ${x + s * 0.8} ${y - s}Z" fill="${fill}"/>` + circle(x, y - s * 1.6, s * 0.4, dot);
/** Concentric sound-wave arcs opening towards dir (1 = right, -1 = left). */
const waves = (cx: number, cy: number, r0: number, n: number, stroke: string, dir = 1) =>
  Array.from({ length: n }, (_, i) => {
    const r = r0 + i * r0 * 0.6, dy = r * 0.7, dx = Math.sqrt(r * r - dy * dy) * dir;
    return `<path d="M${cx + dx} ${cy - dy} A${r} ${r} 0 0 ${dir > 0 ? 1 : 0} ${cx + dx} ${cy + dy}" stroke="${stroke}" stroke-width="${r0 * 0.22}" fill="none" stroke-linecap="round" opacity="${1 - i * 0.25}"/>`;
  }).join("");
/** Soft glow blob (needs a matching rad() gradient). */
const glow = (cx: number, cy: number, r: number, id: string) => circle(cx, cy, r, `url(#${id})`);

// ---------- Scenes ----------
type Scene = { path: string; w: number; h: number; q?: number; draw: (w: number, h: number) => string };

const scenes: Scene[] = [
  { path: "Home/homecover.webp", w: 1280, h: 720, draw: (w, h) => {
    const r = rng(7);
    const nodes = Array.from({ length: 16 }, () => [760 + r() * 500, 60 + r() * 600, 1.5 + r() * 2.5]);
    return svg(w, h, lin("bg", [C.navy, C.navy, "#0f3158", C.navy3], 1, 0.3) + rad("gT", C.teal, 0.5) + rad("gA", C.amber, 0.35) +
      rad("gG", C.tealL, 0.28) + dots("d", "#fff") + lin("fade", ["#000", "#fff"], 1, 0) +
      `<mask id="m"><rect x="600" width="680" height="${h}" fill="url(#fade)"/></mask>`,
      rect(w, h, "url(#bg)") + circle(120, 640, 300, C.navy2, `opacity=".35"`) + circle(420, -60, 220, C.navy2, `opacity=".25"`) +
      rect(w, h, "url(#d)", 0, 0, `mask="url(#m)"`) + glow(960, 380, 440, "gT") + glow(1180, 110, 260, "gA") +
      nodes.map(([x, y, s]) => circle(x!, y!, s!, C.tealL, `opacity=".6"`)).join("") +
      globe(950, 380, 215, C.tealL, 2, "url(#gG)") +
      rot(-18, 950, 380, `<ellipse cx="950" cy="380" rx="300" ry="92" stroke="${C.amber}" stroke-width="2.5" fill="none" stroke-dasharray="2 12" stroke-linecap="round"/>`) +
      `<path d="M815 300 Q950 170 1085 290 M860 470 Q980 560 1100 430" stroke="${C.amberL}" stroke-width="2" fill="none" opacity=".8"/>` +
      [[815, 300, C.amber], [1085, 290, C.teal], [860, 470, C.teal], [1100, 430, C.amber]].map(([x, y, c]) =>
        circle(+x!, +y!, 9, c as string, `stroke="${C.off}" stroke-width="3"`)).join("") +
      bubble(1040, 120, 190, 104, C.teal, 1) + bubble(735, 520, 170, 92, C.amber, -1, C.navy) +
      bubble(1090, 555, 120, 66, C.off, 1, C.navy, 2));
  } },
  { path: "Contactus/contactcover.webp", w: 1280, h: 560, draw: (w, h) =>
    svg(w, h, lin("bg", [C.navy, C.navy, C.navy2, "#175a6e"], 1, 0.2) + rad("gT", C.teal, 0.45) + rad("gA", C.amber, 0.3) + dots("d", "#fff", 26, 0.1),
      rect(w, h, "url(#bg)") + rect(600, h, "url(#d)", 680) + glow(980, 280, 380, "gT") + glow(1200, 480, 220, "gA") +
      `<g stroke="${C.tealL}" stroke-width="1.5" opacity=".25" fill="none"><path d="M700 120 H1280 M700 300 H1280 M700 440 H1280 M820 0 V560 M1010 0 V560 M1170 0 V560"/></g>` +
      `<path d="M790 470 C900 540 1000 470 1060 430 S1160 260 1190 150" stroke="${C.amberL}" stroke-width="3" stroke-dasharray="2 12" stroke-linecap="round" fill="none"/>` +
      rot(-8, 1000, 280, rect(220, 146, C.off, 890, 207, `rx="14"`) +
        `<path d="M896 214 L1000 298 L1104 214" stroke="${C.slate}" stroke-width="6" fill="none" stroke-linejoin="round"/>` +
        `<path d="M896 348 L975 282 M1104 348 L1025 282" stroke="${C.mist}" stroke-width="5"/>`) +
      `<path d="M1175 95 L1250 120 L1195 150Z" fill="${C.amber}"/><path d="M1195 150 L1250 120 L1205 168Z" fill="#d9833d"/>` +
      pin(1180, 400, 34, C.teal) + rect(84, 150, C.navy2, 725, 270, `rx="16" stroke="${C.tealL}" stroke-width="4"`) +
      rect(60, 98, C.navy3, 737, 292, `rx="6"`) + circle(767, 406, 6, C.tealL) + waves(800, 345, 40, 2, C.tealL) +
      bubble(760, 110, 150, 84, C.amber, 1, C.navy) + bubble(1010, 80, 120, 64, C.teal, -1, "#fff", 2)),
  },
  { path: "Aboutus/team-meeting.webp", w: 800, h: 600, draw: (w, h) =>
    svg(w, h, lin("bg", [C.off, C.mist], 0, 1) + rad("gT", C.teal, 0.35) + lin("tb", [C.navy3, C.navy2], 0, 1),
      rect(w, h, "url(#bg)") + glow(400, 300, 360, "gT") +
      rect(150, 110, "#fff", 50, 60, `rx="10" stroke="${C.mist}" stroke-width="6"`) + [40, 70, 52, 88].map((b, i) => rect(20, b, [C.teal, C.slate, C.amber, C.teal][i]!, 75 + i * 30, 150 - b, `rx="4"`)).join("") +
      rect(170, 250, "#dfe8ef", 600, 30, `rx="10" stroke="#fff" stroke-width="8"`) + rect(8, 250, "#fff", 681, 30) +
      person(170, 455, 78, C.teal, 0) + person(320, 445, 82, C.navy3, 1, true) + person(480, 445, 82, C.amber, 2) +
      person(630, 455, 78, C.slate, 3, true) +
      `<path d="M60 600 L100 440 H700 L740 600Z" fill="url(#tb)"/>` + rect(620, 12, C.navy2, 90, 434, `rx="6"`) +
      [[125, C.mist], [435, C.off]].map(([x, c]) => rect(96, 52, c as string, +x!, 384, `rx="8"`) + circle(+x! + 48, 410, 6, C.teal)).join("") +
      rect(34, 26, "#fff", 560, 410, `rx="4"`) + rect(28, 5, C.amber, 305, 428, `rx="2.5"`) + rect(28, 5, C.teal, 640, 428, `rx="2.5"`) +
      bubble(235, 110, 160, 86, C.teal, 1) + bubble(470, 150, 140, 76, C.amber, -1, C.navy) + bubble(560, 60, 96, 56, "#fff", 1, C.navy, 2)),
  },
  { path: "Aboutus/interpreter-headset.webp", w: 800, h: 600, draw: (w, h) =>
    svg(w, h, lin("bg", [C.navy2, C.navy], 1, 1) + rad("gT", C.teal, 0.5) + rad("gA", C.amber, 0.35) + dots("d", "#fff", 24, 0.1),
      rect(w, h, "url(#bg)") + rect(w, h, "url(#d)") + glow(330, 330, 330, "gT") + glow(650, 140, 200, "gA") +
      `<g stroke="${C.tealL}" stroke-width="3" fill="none" opacity=".25"><rect x="60" y="60" width="540" height="600" rx="24"/><path d="M330 60 V600"/></g>` +
      person(320, 640, 180, C.teal, 1) + headset(320, 384, 75.6, C.navy, C.amber) +
      waves(420, 380, 44, 3, C.amberL) + bubble(560, 180, 170, 94, C.off, 1, C.navy) + bubble(600, 320, 150, 84, C.teal, -1) +
      bubble(540, 450, 120, 64, C.amber, 1, C.navy, 2)),
  },
  { path: "Services/document-translation.webp", w: 640, h: 400, draw: (w, h) =>
    svg(w, h, lin("bg", [C.off, C.mist]) + rad("gT", C.teal, 0.35) + `<marker id="ah" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L10 5 L0 10Z" fill="context-stroke"/></marker>`,
      rect(w, h, "url(#bg)") + glow(320, 200, 260, "gT") +
      rot(-7, 200, 210, rect(180, 240, "#d5dee6", 118, 98, `rx="8"`) + doc(110, 90, 180, 240, "#fff", C.navy, C.teal)) +
      rot(6, 450, 200, rect(180, 240, "#081b33", 368, 88, `rx="8"`) + doc(360, 80, 180, 240, C.navy, C.off, C.amber)) +
      `<path d="M250 70 Q320 20 395 58" stroke="${C.teal}" stroke-width="7" fill="none" stroke-linecap="round" marker-end="url(#ah)"/>` +
      `<path d="M400 355 Q320 395 245 352" stroke="${C.amber}" stroke-width="7" fill="none" stroke-linecap="round" marker-end="url(#ah)"/>` +
      circle(320, 205, 40, C.teal, `stroke="#fff" stroke-width="6"`) + globe(320, 205, 24, "#fff", 2.5)),
  },
  { path: "Services/medical-interpreting.webp", w: 640, h: 400, draw: (w, h) =>
    svg(w, h, lin("bg", ["#e3f4f1", C.off]) + rad("gA", C.amber, 0.25),
      rect(w, h, "url(#bg)") + glow(500, 300, 220, "gA") +
      `<path d="M0 150 H420 l14 -30 l18 70 l18 -95 l16 70 l12 -15 H640" stroke="${C.teal}" stroke-width="4" fill="none" opacity=".4" stroke-linejoin="round"/>` +
      rect(220, 170, "#d4ebe8", 40, 230, `rx="28"`) + rect(220, 170, "#fbe3c8", 380, 230, `rx="28"`) +
      rect(86, 86, "#fff", 277, 40, `rx="22"`) + `<path d="M308 58 h24 v24 h24 v24 h-24 v24 h-24 v-24 h-24 v-24 h24Z" fill="${C.teal}"/>` +
      person(150, 400, 95, "#fff", 0, true) + `<path d="M128 312 L150 350 L172 312" stroke="${C.mist}" stroke-width="5" fill="none"/><path d="M150 350 V400" stroke="${C.mist}" stroke-width="4"/>` +
      rect(26, 8, C.teal, 182, 352, `rx="3"`) +
      `<path d="M118 300 q-6 60 30 62 q36 -2 30 -62" stroke="${C.navy}" stroke-width="5" fill="none"/>` + circle(148, 366, 9, C.teal) +
      person(490, 400, 95, C.amber, 1) + bubble(220, 170, 130, 74, C.teal, 1) + bubble(300, 250, 120, 66, C.navy, -1, C.off, 2)),
  },
  { path: "Services/legal-interpreting.webp", w: 640, h: 400, draw: (w, h) =>
    svg(w, h, lin("bg", [C.navy2, C.navy]) + rad("gA", C.amber, 0.35) + rad("gT", C.teal, 0.35),
      rect(w, h, "url(#bg)") + glow(220, 200, 230, "gA") + glow(500, 220, 200, "gT") +
      `<g fill="${C.navy3}" opacity=".45"><path d="M40 110 L220 40 L400 110Z"/>${[60, 140, 280, 350].map((x) => rect(22, 210, C.navy3, x, 125)).join("")}${rect(360, 16, C.navy3, 40, 335)}</g>` +
      `<g stroke="${C.amber}" stroke-width="5" fill="none" stroke-linecap="round"><path d="M220 80 V320 M120 120 H320 M120 120 L90 220 M120 120 L150 220 M320 120 L290 220 M320 120 L350 220"/></g>` +
      circle(220, 74, 12, C.amber) + `<path d="M82 220 H158 a38 28 0 0 1 -76 0Z M282 220 H358 a38 28 0 0 1 -76 0Z" fill="${C.amber}"/>` +
      `<path d="M175 335 Q220 300 265 335Z" fill="${C.amber}"/>` + rect(130, 14, C.amberL, 155, 330, `rx="7"`) +
      bubble(420, 50, 170, 90, C.teal, 1) + bubble(450, 175, 150, 78, C.off, -1, C.navy) +
      rect(120, 16, C.navy3, 450, 352, `rx="6"`) + rect(90, 12, C.tealD, 465, 342, `rx="5"`) +
      rot(-30, 540, 300, rect(84, 34, C.tealL, 498, 283, `rx="6"`) + rect(10, 44, C.teal, 508, 278, `rx="3"`) +
        rect(10, 44, C.teal, 564, 278, `rx="3"`) + rect(12, 80, C.tealL, 534, 317, `rx="5"`))),
  },
  { path: "Services/video-remote-interpreting.webp", w: 640, h: 400, draw: (w, h) =>
    svg(w, h, lin("bg", [C.mist, C.off]) + rad("gT", C.teal, 0.3) + `<clipPath id="l"><rect x="150" y="70" width="166" height="200" rx="10"/></clipPath><clipPath id="r"><rect x="324" y="70" width="166" height="200" rx="10"/></clipPath>`,
      rect(w, h, "url(#bg)") + glow(320, 200, 300, "gT") + rect(364, 262, C.navy, 138, 46, `rx="18"`) +
      rect(166, 200, C.teal, 150, 70, `rx="10"`) + rect(166, 200, C.amber, 324, 70, `rx="10"`) +
      `<g clip-path="url(#l)">${person(233, 290, 62, C.navy3, 2, true)}${headset(233, 202, 26, C.navy, C.amberL)}</g>` +
      `<g clip-path="url(#r)">${person(407, 290, 62, C.tealD, 0)}</g>` + circle(320, 62, 4, C.slate) +
      `<path d="M80 326 L138 308 H502 L560 326Z" fill="${C.slate}"/>` + rect(480, 14, C.navy3, 80, 326, `rx="7"`) +
      circle(292, 289, 8, "#fff", `opacity=".85"`) + circle(320, 289, 8, "#e25c5c") + circle(348, 289, 8, "#fff", `opacity=".85"`) +
      bubble(490, 30, 120, 66, C.navy, 1, C.off, 2) + bubble(30, 150, 110, 60, C.teal, -1, "#fff", 2)),
  },
  { path: "Services/phone-interpreting.webp", w: 640, h: 400, draw: (w, h) =>
    svg(w, h, lin("bg", [C.teal, C.tealD]) + rad("gA", C.amber, 0.35) + dots("d", "#fff", 20, 0.12) + `<clipPath id="av"><circle cx="320" cy="150" r="40"/></clipPath>`,
      rect(w, h, "url(#bg)") + rect(w, h, "url(#d)") + glow(320, 200, 220, "gA") +
      rot(-6, 320, 200, rect(160, 300, C.navy, 240, 50, `rx="26"`) + rect(136, 250, C.navy2, 252, 72, `rx="12"`) +
        circle(320, 150, 40, C.tealL) + `<g clip-path="url(#av)">${person(320, 198, 38, C.navy3, 1)}</g>` +
        bars(268, 210, 104, 30, C.off, 2, 0.5) + circle(290, 290, 16, C.amber) + circle(350, 290, 16, "#e25c5c") + rect(40, 5, C.slate, 300, 334, `rx="2.5"`)) +
      waves(430, 180, 36, 3, C.off) + waves(205, 220, 36, 3, C.amberL, -1) +
      bubble(470, 60, 140, 76, C.off, 1, C.navy) + bubble(40, 60, 130, 70, C.amber, -1, C.navy, 2) + bubble(480, 280, 110, 60, C.navy, 1, C.off, 2)),
  },
  { path: "Services/localization.webp", w: 640, h: 400, draw: (w, h) => {
    const win = (x: number, y: number, rtl: boolean, acc: string) =>
      rect(190, 150, C.off, x, y, `rx="12"`) + rect(190, 26, C.mist, x, y, `rx="12"`) + rect(190, 12, C.mist, x, y + 14) +
      [0, 1, 2].map((i) => circle(x + 16 + i * 14, y + 13, 4, [C.amber, C.teal, C.slate][i]!)).join("") +
      rect(60, 50, acc, rtl ? x + 116 : x + 14, y + 40, `rx="8"`) + bars(rtl ? x + 14 : x + 86, y + 40, 90, 50, C.navy, 3, 0.45) +
      bars(x + 14, y + 100, 162, 36, C.slate, 2, 0.6);
    return svg(w, h, lin("bg", [C.navy, C.navy2]) + rad("gT", C.teal, 0.45) + rad("gG", C.tealL, 0.25),
      rect(w, h, "url(#bg)") + glow(320, 210, 260, "gT") + globe(320, 215, 130, C.tealL, 2.5, "url(#gG)") +
      rot(-6, 125, 120, win(30, 50, false, C.teal)) + rot(6, 515, 280, win(420, 210, true, C.amber)) +
      pin(270, 170, 20, C.amber) + pin(375, 250, 24, C.off, C.teal) + pin(330, 120, 16, C.teal) + pin(250, 290, 14, C.amberL, C.navy) +
      `<path d="M282 130 Q300 80 318 96 M392 202 Q420 140 346 108" stroke="${C.amberL}" stroke-width="2.5" stroke-dasharray="2 8" stroke-linecap="round" fill="none"/>`);
  } },
];

// ---------- Render ----------
for (const s of scenes) {
  const file = join(OUT, s.path);
  await mkdir(dirname(file), { recursive: true });
  const buf = await sharp(Buffer.from(s.draw(s.w, s.h)))
    .resize(s.w, s.h)
    .webp({ quality: s.q ?? 72, effort: 6 })
    .toBuffer();
  await writeFile(file, buf);
  console.log(`${s.path.padEnd(42)} ${s.w}x${s.h}  ${(buf.length / 1024).toFixed(1)} KB`);
}
