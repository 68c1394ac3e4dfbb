/**
 * Colours a status tag may take: Ant Design's preset colours and status colours, so the domain can say how a
 * status looks without depending on the UI library.
 */
export type TagColour =
  | 'default'
  | 'processing'
  | 'success'
  | 'warning'
  | 'error'
  | 'magenta'
  | 'red'
  | 'volcano'
  | 'orange'
  | 'gold'
  | 'lime'
  | 'green'
  | 'cyan'
  | 'blue'
  | 'geekblue'
  | 'purple';
