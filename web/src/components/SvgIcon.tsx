import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/** SVG attributes as React names them (`fill-rule` → `fillRule`); React writes them back as SVG spells them. */
function reactAttrs(attrs: AbstractNode['attrs']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

/** One node of an icon's drawing, as React elements. */
function draw(node: AbstractNode, key?: number) {
  const Tag = node.tag as 'svg';
  return (
    <Tag key={key} {...reactAttrs(node.attrs)}>
      {node.children?.map((child, index) => draw(child, index))}
    </Tag>
  );
}

/**
 * An antd icon drawn from its definition (@ant-design/icons-svg) with antd's markup and classes, without the icon
 * component's runtime (its context and inserted styles): for the pages that load before antd's code, the sign-in
 * page first. Elsewhere antd's own icon components are used.
 */
export function SvgIcon({ icon, spin = false }: { icon: IconDefinition; spin?: boolean }) {
  if (typeof icon.icon === 'function') throw new Error(`${icon.name}: two-tone icons are not drawn here`);
  const { attrs, children } = icon.icon;
  const className = `anticon anticon-${icon.name}${spin || icon.name === 'loading' ? ' anticon-spin' : ''}`;
  return (
    <span role="img" aria-label={icon.name} className={className}>
      <svg
        {...reactAttrs(attrs)}
        data-icon={icon.name}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
      >
        {children?.map((child, index) => draw(child, index))}
      </svg>
    </span>
  );
}
