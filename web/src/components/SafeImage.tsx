import { PictureOutlined } from '@ant-design/icons';
import { type ImgHTMLAttributes, useState } from 'react';
import { UI_TEXTS } from '../app/ui-defaults';

/** An image that says "加载失败" (docs/PRODUCT.md §8) in its place when it cannot be loaded. */
export function SafeImage({ alt, style, width, height, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span
        className="image-failed"
        role="img"
        aria-label={alt || UI_TEXTS.imageLoadFailed}
        style={{ width, height, ...style }}
      >
        <PictureOutlined />
        <span>{UI_TEXTS.imageLoadFailed}</span>
      </span>
    );
  }
  return (
    <img alt={alt} style={style} width={width} height={height} {...rest} onError={() => setFailed(true)} />
  );
}
