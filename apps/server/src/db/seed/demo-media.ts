import { readFile } from 'node:fs/promises';
import type { MediaType } from '@trashegimia/contract/assets';
import { buildPdf } from './demo-guidelines';
import { buildDemoModel } from './demo-model';
import { drawSquarePanorama } from './demo-panorama';
import { buildDemoSound } from './demo-sound';
import { createRandom } from './random';

/**
 * Media of every other type for a few approved demo assets, so the archive's viewers all have
 * something to open. Most are made in code at seed time; the two videos are committed files (made
 * by make-demo-videos.ts) because encoding video needs ffmpeg, which a server does not have.
 *
 * 360°: the spec's one type for it is THREE_SIXTY_VIDEO, and field devices capture 360° stills as
 * well as clips. The demo holds one of each under that type, told apart by their content type, and
 * the page's panorama viewer opens both.
 */
export const DEMO_VIDEO_FILES = {
  festival: 'festivali-skena.webm',
  waterfall360: 'ujevarat-360.webm',
} as const;

/** Beside this module in src; build.mjs copies the folder beside the bundle in dist. */
const FILES_FOLDER = new URL('./demo-media/', import.meta.url);

export type DemoMedium = {
  /** The demo asset it belongs to, by its name (demo-assets.ts). */
  assetName: string;
  type: MediaType;
  contentType: string;
  /** File name; the seed prefixes the asset's slug. */
  file: string;
  bytes: Buffer;
};

const KULLA = 'Kulla e familjes Zeka, Keqekollë';
const HOUSE = 'Shtëpia tradicionale e familjes Krasniqi, Binçë';
const MONASTERY = 'Manastiri i Deçanit (Visoki Dečani)';
const FESTIVAL = 'Polip – Festivali Ndërkombëtar i Letërsisë';
const FOLK_EVENING = 'Mbrëmja e këngës popullore, Gjurgjevik';
const WATERFALLS = 'Ujëvarat e Mirushës';
const SQUARE = 'Sheshi Skënderbeu';

export async function buildDemoMedia(): Promise<DemoMedium[]> {
  const video = (file: string) => readFile(new URL(file, FILES_FOLDER));
  const model = buildDemoModel();
  return [
    { assetName: KULLA, type: 'THREE_D', contentType: 'model/gltf-binary', file: 'modeli-3d.glb', bytes: model },
    { assetName: HOUSE, type: 'THREE_D', contentType: 'model/gltf-binary', file: 'modeli-3d.glb', bytes: model },
    {
      assetName: KULLA,
      type: 'PDF',
      contentType: 'application/pdf',
      file: 'raport-konservimi.pdf',
      bytes: buildPdf([
        `Raport konservimi: ${KULLA}`,
        '',
        'Gjendja: muret e gurit të qëndrueshme; çatia ka nevojë për riparim të tjegullave.',
        'Çardaku prej druri: trarët e katit të sipërm të dëmtuar nga lagështia.',
        'Rekomandim: mbulim i përkohshëm i çatisë para dimrit; dokumentim i detajeve të drurit.',
        'Modeli 3D dhe fotografitë janë bashkëngjitur në regjistër.',
      ]),
    },
    {
      assetName: MONASTERY,
      type: 'PDF',
      contentType: 'application/pdf',
      file: 'flete-dokumentimi.pdf',
      bytes: buildPdf([
        'Fletë dokumentimi: Manastiri i Deçanit',
        '',
        'Periudha: shekulli XIV.',
        'Statusi: trashëgimi botërore e UNESCO-s, zonë e veçantë e mbrojtur.',
        'Materialet: mermer në ngjyra të alternuara, fresket e brendshme.',
      ]),
    },
    {
      assetName: FESTIVAL,
      type: 'VIDEO',
      contentType: 'video/webm',
      file: DEMO_VIDEO_FILES.festival,
      bytes: await video(DEMO_VIDEO_FILES.festival),
    },
    {
      assetName: FOLK_EVENING,
      type: 'AUDIO',
      contentType: 'audio/wav',
      file: 'cifteli.wav',
      bytes: buildDemoSound(createRandom(231)),
    },
    {
      assetName: WATERFALLS,
      type: 'THREE_SIXTY_VIDEO',
      contentType: 'video/webm',
      file: DEMO_VIDEO_FILES.waterfall360,
      bytes: await video(DEMO_VIDEO_FILES.waterfall360),
    },
    {
      assetName: SQUARE,
      type: 'THREE_SIXTY_VIDEO',
      contentType: 'image/png',
      file: 'panorama-360.png',
      bytes: drawSquarePanorama(createRandom(84)),
    },
  ];
}
