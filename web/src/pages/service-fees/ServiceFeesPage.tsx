import { UnderConstruction } from '../../components/UnderConstruction';

/** /service/serviceDetail: service fees to view and pay. Built by a later issue. */
export default function ServiceFeesPage() {
  return (
    <UnderConstruction feature="服务费将列出每笔贷款对应的平台服务费、可用优惠券与缴费状态，并支持在线缴纳。"></UnderConstruction>
  );
}
