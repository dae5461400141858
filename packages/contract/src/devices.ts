import { z } from 'zod';
import { clearableText, IdParams, PageQuery, pageOf, SortOrder } from './common';

const HEX_PAIR = '[0-9A-Fa-f]{2}';
/** aa:bb:cc:dd:ee:ff or AA-BB-CC-DD-EE-FF (one separator throughout), aabb.ccdd.eeff, aabbccddeeff. */
const MAC_FORMS = [
  new RegExp(`^${HEX_PAIR}([:-])${HEX_PAIR}(\\1${HEX_PAIR}){4}$`),
  /^[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}$/,
  /^[0-9A-Fa-f]{12}$/,
];

/**
 * The one stored form of a MAC address, upper-case and colon-separated (`AA:BB:CC:DD:EE:FF`), so
 * the same device written two ways is one device. Null when the text is not a MAC address.
 */
export function normalizeMac(text: string): string | null {
  const trimmed = text.trim();
  if (!MAC_FORMS.some((form) => form.test(trimmed))) return null;
  const digits = trimmed.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
  return digits.match(/../g)!.join(':');
}

/** A MAC address in any common form, read as its canonical form. */
export const MacAddress = z
  .string()
  .max(40)
  .transform((text, context) => {
    const mac = normalizeMac(text);
    if (mac === null) {
      context.addIssue({ code: 'custom', message: 'must be a MAC address such as AA:BB:CC:DD:EE:FF' });
      return z.NEVER;
    }
    return mac;
  });

/** A field device that sends surveys (spec §3 'Device'). */
export const Device = z.object({
  id: z.number().int(),
  /** Canonical: `AA:BB:CC:DD:EE:FF`. */
  mac: z.string(),
  model: z.string().nullable(),
  type: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Device = z.infer<typeof Device>;

/** How a device is named to people (lists, pickers, spreadsheets): its model and MAC address, or the address alone. */
export const deviceLabel = ({ mac, model }: { mac: string; model: string | null }) =>
  model?.trim() ? `${model.trim()} (${mac})` : mac;

export const DeviceList = pageOf(Device);
export type DeviceList = z.infer<typeof DeviceList>;

export const DeviceListQuery = PageQuery.extend({
  sortBy: z.enum(['id', 'mac', 'model', 'type', 'createdAt']).default('id'),
  sortOrder: SortOrder.default('asc'),
});
export type DeviceListQuery = z.input<typeof DeviceListQuery>;

export const DeviceParams = IdParams;
/** GET /devices/mac/{mac}: any common form of the address finds the device. */
export const DeviceMacParams = z.object({ mac: MacAddress });

const optionalText = clearableText(200);

/** POST /devices: the MAC address is required; model and type are free text. */
export const CreateDeviceBody = z.object({ mac: MacAddress, model: optionalText, type: optionalText });
export type CreateDeviceBody = z.input<typeof CreateDeviceBody>;

/** PATCH /devices/{id}: only the fields sent change; model and type may be cleared with null or ''. */
export const UpdateDeviceBody = z.object({ mac: MacAddress.optional(), model: optionalText, type: optionalText });
export type UpdateDeviceBody = z.input<typeof UpdateDeviceBody>;
