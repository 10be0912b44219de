import { isPublicIp } from '../../engine/validation/isPublicIp';

/**
 * True for a public unicast IP address; false for private/loopback/link-local/... or non-IPs.
 * The ranges are the engine's (`isPublicIp`), so the form, the save and the send agree.
 */
export function isPublicAddress(address: string): boolean {
  return isPublicIp(address);
}
