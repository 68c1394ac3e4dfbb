import ipaddr from 'ipaddr.js';

export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * A comma-separated list of CIDRs (`10.0.0.0/8, 192.168.1.0/24, ::1/128`), or the problem with it. A bare address
 * is that one address.
 */
export function parseNetworks(raw: string): { networks: Network[] } | { problem: string } {
  const networks: Network[] = [];
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    try {
      networks.push(part.includes('/') ? ipaddr.parseCIDR(part) : hostNetwork(ipaddr.parse(part)));
    } catch {
      return { problem: part };
    }
  }
  return networks.length > 0 ? { networks } : { problem: raw };
}

function hostNetwork(address: ipaddr.IPv4 | ipaddr.IPv6): Network {
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** Whether an address (IPv4-mapped IPv6 read as IPv4) is in one of the networks. */
export function allowedBy(networks: readonly Network[], address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  return networks.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}
