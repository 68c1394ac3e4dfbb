import { UnderConstruction } from '../../components/UnderConstruction';

/** /lock/toApplyAccountPage: the receiving (collection) account. Built by a later issue. */
export default function ReceivingAccountPage() {
  return (
    <UnderConstruction feature="收款账户用于在合作银行开立收款子账户，并将店铺回款指向该账户，以便按期自动还款。"></UnderConstruction>
  );
}
