import { encodePng } from './demo-images';
import { createRandom } from './random';

/**
 * A 3D model for the demo, written here as binary glTF (GLB) rather than shipped: a kulla (stone
 * tower house) with a pyramid roof, deep windows, a door and a wooden çardak (the enclosed top-floor
 * balcony), on a patch of grass. Flat-shaded boxes and pyramids; the walls carry a masonry texture
 * embedded in the file, as photogrammetry models do, so a viewer exercises the same texture path.
 */
type Vec3 = readonly [number, number, number];

/** sRGB component → linear light, the colour space of glTF's baseColorFactor. */
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** Colours as a painter picks them (sRGB); `textured` ones take their colour from the masonry image. */
const MATERIALS = {
  stone: { name: 'Gur', color: [1, 1, 1], textured: true },
  roof: { name: 'Tjegulla', color: [0.55, 0.22, 0.12], textured: false },
  timber: { name: 'Dru', color: [0.4, 0.25, 0.13], textured: false },
  opening: { name: 'Dritare', color: [0.12, 0.1, 0.09], textured: false },
  grass: { name: 'Bar', color: [0.33, 0.5, 0.24], textured: false },
} as const;

type MaterialKey = keyof typeof MATERIALS;

/** The masonry image spans this many metres of wall, and repeats. */
const TEXTURE_METRES = 2;

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const normalize = (v: Vec3): Vec3 => {
  const length = Math.hypot(...v) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
};

type Part = { positions: number[]; normals: number[]; uvs: number[] };

/** Triangles per material, each vertex with its face's normal (flat shading) and planar texture coordinates. */
class MeshBuilder {
  readonly parts = new Map<MaterialKey, Part>();

  /** A flat polygon (3 or 4 corners in order around it), wound so that it faces `outward`. */
  face(material: MaterialKey, corners: Vec3[], outward: Vec3) {
    const [a, b, c] = corners as [Vec3, Vec3, Vec3];
    let normal = normalize(cross(sub(b, a), sub(c, a)));
    let ordered = corners;
    if (dot(normal, outward) < 0) {
      ordered = [...corners].reverse();
      normal = [-normal[0], -normal[1], -normal[2]];
    }
    // Project onto the plane the face is most nearly parallel to; image rows run down the wall.
    const facing = normal.map(Math.abs);
    const across = facing[0]! >= facing[1]! && facing[0]! >= facing[2]! ? 2 : 0;
    const down = facing[1]! > facing[0]! && facing[1]! > facing[2]! ? 2 : 1;
    let part = this.parts.get(material);
    if (!part) this.parts.set(material, (part = { positions: [], normals: [], uvs: [] }));
    for (let i = 1; i + 1 < ordered.length; i++) {
      for (const corner of [ordered[0]!, ordered[i]!, ordered[i + 1]!]) {
        part.positions.push(...corner);
        part.normals.push(...normal);
        part.uvs.push(corner[across] / TEXTURE_METRES, -corner[down] / TEXTURE_METRES);
      }
    }
  }

  box(material: MaterialKey, min: Vec3, max: Vec3) {
    for (const axis of [0, 1, 2]) {
      const [u, v] = [(axis + 1) % 3, (axis + 2) % 3];
      for (const side of [min, max]) {
        const corner = (first: Vec3, second: Vec3): Vec3 => {
          const point: [number, number, number] = [0, 0, 0];
          point[axis] = side[axis]!;
          point[u] = first[u]!;
          point[v] = second[v]!;
          return point;
        };
        const outward: [number, number, number] = [0, 0, 0];
        outward[axis] = side === max ? 1 : -1;
        this.face(material, [corner(min, min), corner(max, min), corner(max, max), corner(min, max)], outward);
      }
    }
  }

  /** A pyramid roof over the rectangle at height y, its apex `height` above the centre. */
  pyramid(material: MaterialKey, [x0, y, z0]: Vec3, [x1, , z1]: Vec3, height: number) {
    const apex: Vec3 = [(x0 + x1) / 2, y + height, (z0 + z1) / 2];
    this.face(material, [[x1, y, z0], [x1, y, z1], apex], [1, 0.5, 0]);
    this.face(material, [[x0, y, z0], [x0, y, z1], apex], [-1, 0.5, 0]);
    this.face(material, [[x0, y, z1], [x1, y, z1], apex], [0, 0.5, 1]);
    this.face(material, [[x0, y, z0], [x1, y, z0], apex], [0, 0.5, -1]);
    const eaves: Vec3[] = [
      [x0, y, z0],
      [x1, y, z0],
      [x1, y, z1],
      [x0, y, z1],
    ];
    this.face(material, eaves, [0, -1, 0]);
  }
}

/** The kulla: 6 × 6 m, three storeys of stone and a timber çardak under the roof; +z is its front. */
function buildKulla(): MeshBuilder {
  const mesh = new MeshBuilder();
  const half = 3;
  const wallTop = 8;
  mesh.box('grass', [-7, -0.2, -7], [7, 0, 7]);
  mesh.box('stone', [-half, 0, -half], [half, wallTop, half]);
  // The çardak juts out of the front wall on the top floor.
  mesh.box('timber', [-2, wallTop - 2.4, half], [2, wallTop, half + 0.8]);
  mesh.pyramid('roof', [-half - 0.6, wallTop, -half - 0.6], [half + 0.6, wallTop, half + 1.2], 3);
  mesh.box('timber', [-0.7, 0, half], [0.7, 2.2, half + 0.08]);
  // Narrow windows (frëngji), larger higher up, on every side.
  const openings: [number, number, number, number][] = [
    [-1.5, 2.8, 0.35, 0.8],
    [1.5, 2.8, 0.35, 0.8],
    [-1.5, 4.6, 0.45, 1],
    [1.5, 4.6, 0.45, 1],
  ];
  for (const [offset, bottom, width, height] of openings) {
    const [left, right, top] = [offset - width / 2, offset + width / 2, bottom + height];
    mesh.box('opening', [left, bottom, half], [right, top, half + 0.05]);
    mesh.box('opening', [left, bottom, -half - 0.05], [right, top, -half]);
    mesh.box('opening', [half, bottom, left], [half + 0.05, top, right]);
    mesh.box('opening', [-half - 0.05, bottom, left], [-half, top, right]);
  }
  return mesh;
}

/** Courses of roughly dressed stones in mortar, 128 px square, seamless both ways. */
function drawMasonry(): Buffer {
  const size = 128;
  const course = 16;
  const rng = createRandom(112);
  const rgb = new Uint8Array(size * size * 3).fill(206);
  for (let row = 0; row < size / course; row++) {
    let x = rng.int(0, 30);
    const start = x;
    while (x < start + size) {
      const width = rng.int(18, 40);
      const shade = rng.int(-22, 18);
      const stone = [176 + shade, 160 + shade, 134 + shade];
      // Two pixels of mortar around every stone.
      for (let dy = 2; dy < course; dy++)
        for (let dx = 2; dx < Math.min(width, start + size - x); dx++) {
          const i = ((row * course + dy) * size + ((x + dx) % size)) * 3;
          rgb.set(stone, i);
        }
      x += width;
    }
  }
  return encodePng(size, size, rgb);
}

/** The model as one GLB: a JSON chunk describing one node, and one buffer of geometry and the texture. */
export function buildDemoModel(): Buffer {
  const mesh = buildKulla();
  const chunks: Buffer[] = [];
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  const materials: object[] = [];
  const primitives: object[] = [];
  let offset = 0;

  const addBufferView = (bytes: Buffer, target?: number) => {
    // Every view starts on a 4-byte boundary, as float accessors require.
    const padded = Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4)]);
    bufferViews.push({
      buffer: 0,
      byteOffset: offset,
      byteLength: bytes.length,
      ...(target === undefined ? {} : { target }),
    });
    chunks.push(padded);
    offset += padded.length;
    return bufferViews.length - 1;
  };
  const addFloats = (values: number[], type: 'VEC2' | 'VEC3', withBounds: boolean) => {
    const size = type === 'VEC2' ? 2 : 3;
    const bufferView = addBufferView(Buffer.from(new Float32Array(values).buffer), 34962);
    const bounds = withBounds ? boundsOf(values, size) : {};
    accessors.push({ bufferView, componentType: 5126, count: values.length / size, type, ...bounds });
    return accessors.length - 1;
  };

  const image = addBufferView(drawMasonry());
  for (const [key, part] of mesh.parts) {
    const { name, color, textured } = MATERIALS[key];
    materials.push({
      name,
      pbrMetallicRoughness: {
        baseColorFactor: [...color.map(linear), 1],
        ...(textured ? { baseColorTexture: { index: 0 } } : {}),
        metallicFactor: 0,
        roughnessFactor: 0.9,
      },
    });
    primitives.push({
      attributes: {
        POSITION: addFloats(part.positions, 'VEC3', true),
        NORMAL: addFloats(part.normals, 'VEC3', false),
        ...(textured ? { TEXCOORD_0: addFloats(part.uvs, 'VEC2', false) } : {}),
      },
      material: materials.length - 1,
      mode: 4,
    });
  }

  const json = {
    asset: { version: '2.0', generator: 'Trashëgimia demo' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ name: 'Kulla', mesh: 0 }],
    meshes: [{ name: 'Kulla', primitives }],
    materials,
    // Linear filtering with mipmaps, repeating across the wall.
    samplers: [{ magFilter: 9729, minFilter: 9987, wrapS: 10497, wrapT: 10497 }],
    images: [{ bufferView: image, mimeType: 'image/png' }],
    textures: [{ sampler: 0, source: 0 }],
    accessors,
    bufferViews,
    buffers: [{ byteLength: offset }],
  };
  return glb(Buffer.from(JSON.stringify(json), 'utf8'), Buffer.concat(chunks));
}

function boundsOf(values: number[], size: number) {
  const min = Array<number>(size).fill(Infinity);
  const max = Array<number>(size).fill(-Infinity);
  for (let i = 0; i < values.length; i++) {
    const axis = i % size;
    // The accessor's bounds must match the stored float32 values exactly.
    const value = Math.fround(values[i]!);
    min[axis] = Math.min(min[axis]!, value);
    max[axis] = Math.max(max[axis]!, value);
  }
  return { min, max };
}

/** GLB container: a 12-byte header, then the JSON chunk (space-padded) and the BIN chunk (zero-padded) to 4 bytes. */
function glb(json: Buffer, bin: Buffer): Buffer {
  const pad = (bytes: Buffer, fill: number) => Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4, fill)]);
  const chunk = (type: number, data: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32LE(data.length, 0);
    header.writeUInt32LE(type, 4);
    return Buffer.concat([header, data]);
  };
  const body = Buffer.concat([chunk(0x4e4f534a, pad(json, 0x20)), chunk(0x004e4942, pad(bin, 0))]);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0); // 'glTF'
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + body.length, 8);
  return Buffer.concat([header, body]);
}
