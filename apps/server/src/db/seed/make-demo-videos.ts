/**
 * Makes the demo's two committed videos in demo-media/ from pictures drawn in code, with ffmpeg
 * (not needed at run time; the seed only copies the files). Run after changing the drawings:
 *   npx tsx apps/server/src/db/seed/make-demo-videos.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../../logger';
import { drawDemoPhoto } from './demo-images';
import { DEMO_VIDEO_FILES } from './demo-media';
import { drawWaterfallPanorama } from './demo-panorama';
import { createRandom } from './random';

const FRAMES = 48;
const FPS = 12;
const VP9 = ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-an', '-pix_fmt', 'yuv420p'];

const output = (file: string) => fileURLToPath(new URL(`./demo-media/${file}`, import.meta.url));
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...args], { stdio: 'inherit' });

const work = await mkdtemp(join(tmpdir(), 'demo-videos-'));
try {
  // The festival stage, slowly zoomed into (a 4-second "Ken Burns" shot).
  const stage = join(work, 'stage.png');
  await writeFile(stage, drawDemoPhoto('events', createRandom(63)));
  ffmpeg([
    ...['-loop', '1', '-i', stage, '-t', '4'],
    ...['-vf', "zoompan=z='1+0.25*on/100':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=480x320:fps=25"],
    ...VP9,
    output(DEMO_VIDEO_FILES.festival),
  ]);

  // The waterfall as a looping 360° video: the same scene with the streaks one step further each frame.
  for (let frame = 0; frame < FRAMES; frame++) {
    const name = join(work, `falls-${String(frame).padStart(3, '0')}.png`);
    await writeFile(name, drawWaterfallPanorama(createRandom(70), frame / FRAMES));
  }
  ffmpeg([
    ...['-framerate', String(FPS), '-i', join(work, 'falls-%03d.png')],
    ...['-vf', 'scale=1024:512'],
    ...VP9,
    output(DEMO_VIDEO_FILES.waterfall360),
  ]);

  const logger = createLogger('info');
  for (const file of Object.values(DEMO_VIDEO_FILES))
    logger.info(`${file}: ${Math.round((await stat(output(file))).size / 1024)} KB`);
} finally {
  await rm(work, { recursive: true, force: true });
}
