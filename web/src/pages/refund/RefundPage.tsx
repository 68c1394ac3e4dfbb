import { UnderConstruction } from '../../components/UnderConstruction';

/** /account/refund: apply for a refund of a fee paid in error. Built by a later issue. */
export default function RefundPage() {
  return (
    <UnderConstruction feature="申请退款用于申请退还误缴的服务费，您可以在这里提交申请并查看处理进度。"></UnderConstruction>
  );
}
