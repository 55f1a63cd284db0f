import type { EmailTemplateId } from "@cohort/common/emails";
import type { TemplateText } from "./render.js";

/** The built-in Portuguese texts (European Portuguese, as the app's `pt` locale). */
export const portugueseTexts: Record<EmailTemplateId, TemplateText> = {
  "confirm-email": {
    subject: "Confirme o seu endereço de email",
    body: `Olá *|NAME|*,

Obrigado por aderir a *|ORGNAME|*. Para concluir a inscrição, confirme o seu endereço de email:

*|CONFIRMLINK|*

Se não pediu para aderir, pode ignorar este email e nada acontecerá.

*|ORGNAME|*`,
  },
  welcome: {
    subject: "Bem-vindo/a a *|ORGNAME|*",
    body: `Olá *|NAME|*,

Bem-vindo/a a *|ORGNAME|* e obrigado por se juntar a nós. A sua conta está pronta.

Pode iniciar sessão a qualquer momento para gerir a sua conta e a sua contribuição, e para responder aos nossos apelos:

*|LOGINLINK|*

*|ORGNAME|*`,
  },
  "email-exists-login": {
    subject: "Já é membro de *|ORGNAME|*",
    body: `Olá *|NAME|*,

Alguém, provavelmente o próprio, tentou agora aderir a *|ORGNAME|* com este endereço de email. Como já é membro, não precisa de aderir novamente. Pode iniciar sessão aqui:

*|LOGINLINK|*

Se se esqueceu da palavra-passe, pode redefini-la na página de início de sessão.

*|ORGNAME|*`,
  },
  "email-exists-set-password": {
    subject: "Defina uma palavra-passe para a sua conta em *|ORGNAME|*",
    body: `Olá *|NAME|*,

Alguém, provavelmente o próprio, tentou agora aderir a *|ORGNAME|* com este endereço de email. Já é membro, mas a sua conta ainda não tem palavra-passe. Escolha uma através desta ligação, válida durante 24 horas:

*|SPLINK|*

Se não fez este pedido, pode ignorar este email.

*|ORGNAME|*`,
  },
  "reset-password": {
    subject: "Redefina a sua palavra-passe",
    body: `Olá *|NAME|*,

Recebemos um pedido para redefinir a palavra-passe da sua conta em *|ORGNAME|*. Escolha uma nova palavra-passe através desta ligação, válida durante 24 horas:

*|RPLINK|*

Se não fez este pedido, pode ignorar este email: a sua palavra-passe mantém-se.

*|ORGNAME|*`,
  },
  "reset-device": {
    subject: "Desative a verificação em dois passos",
    body: `Olá *|NAME|*,

Recebemos um pedido para desativar a verificação em dois passos da sua conta em *|ORGNAME|*, por exemplo porque perdeu o telemóvel com a aplicação de autenticação. Use esta ligação, válida durante 24 horas; vai precisar da sua palavra-passe:

*|RPLINK|*

Se não fez este pedido, ignore este email e considere mudar a sua palavra-passe.

*|ORGNAME|*`,
  },
  "confirm-email-change": {
    subject: "Confirme o seu novo endereço de email",
    body: `Olá *|NAME|*,

Pediu para passar a usar *|NEWEMAIL|* na sua conta em *|ORGNAME|*. Confirme este endereço com a ligação abaixo, válida durante 24 horas. Até lá, a sua conta mantém o endereço atual.

*|CONFIRMLINK|*

Se não fez este pedido, pode ignorar este email e nada será alterado.

*|ORGNAME|*`,
  },
  "email-change-requested": {
    subject: "O seu endereço de email vai ser alterado",
    body: `Olá *|NAME|*,

Alguém com sessão iniciada na sua conta em *|ORGNAME|* pediu para alterar o endereço de email para *|NEWEMAIL|*. A alteração só acontece quando for aberta a ligação que enviámos para esse endereço.

Se foi o próprio, não precisa de fazer mais nada. Se não foi, redefina já a sua palavra-passe na página de início de sessão: isso cancela a alteração. Também pode escrever para *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "contribution-changed": {
    subject: "A sua contribuição foi alterada",
    body: `Olá *|NAME|*,

Obrigado por atualizar a sua contribuição para *|ORGNAME|*. A sua nova contribuição de *|AMOUNT|* aplica-se a partir de *|STARTDATE|*.

Pode consultá-la e alterá-la a qualquer momento na sua conta.

*|ORGNAME|*`,
  },
  "cancelled-contribution": {
    subject: "A sua contribuição foi cancelada",
    body: `Olá *|NAME|*,

Lamentamos vê-lo/a partir. A sua contribuição para *|ORGNAME|* foi cancelada e não voltará a ser cobrado/a. A sua adesão mantém-se ativa até *|EXPIRES|*.

Obrigado pelo seu apoio. Será sempre bem-vindo/a de volta.

*|ORGNAME|*`,
  },
  "payment-failed": {
    subject: "O seu pagamento não foi concluído",
    body: `Olá *|NAME|*,

Não conseguimos cobrar a sua última contribuição de *|AMOUNT|* para *|ORGNAME|*. Isto pode acontecer quando um cartão expirou ou o banco recusa o pagamento.

Verifique aqui os seus dados de pagamento:

*|UPDATELINK|*

Obrigado pelo seu apoio.

*|ORGNAME|*`,
  },
  "payment-recovered": {
    subject: "Afinal, o seu pagamento foi concluído",
    body: `Olá *|NAME|*,

Escrevemos-lhe a dizer que não conseguimos cobrar a sua contribuição. Entretanto, o pagamento de *|AMOUNT|* para *|ORGNAME|* foi concluído, por isso não precisa de fazer nada e a sua adesão continua.

Obrigado pelo seu apoio.

*|ORGNAME|*`,
  },
  "payment-reminder": {
    subject: "A sua assinatura precisa de um meio de pagamento válido",
    body: `Olá *|NAME|*,

ainda não conseguimos cobrar a sua contribuição de *|AMOUNT|* para *|ORGNAME|*. A sua assinatura continua ativa até *|EXPIRES|*. Depois disso termina, a não ser que o pagamento seja concluído.

Pode configurar um novo cartão ou conta bancária aqui, sem iniciar sessão:

*|UPDATELINK|*

Se já tratou disto, obrigado, e pode ignorar este email.

*|ORGNAME|*`,
  },
  "manual-to-automatic": {
    subject: "A sua contribuição passou a ser automática",
    body: `Olá *|NAME|*,

Obrigado por configurar uma contribuição automática para *|ORGNAME|*. A partir de agora é cobrada automaticamente, por isso já não precisa de pagar manualmente. Se paga por ordem de transferência permanente, cancele-a para não pagar duas vezes.

*|ORGNAME|*`,
  },
  "contribution-didnt-start": {
    subject: "A sua contribuição não foi iniciada",
    body: `Olá *|NAME|*,

Obrigado por aderir a *|ORGNAME|*. Infelizmente não conseguimos iniciar a sua contribuição, porque o pagamento não foi confirmado.

Pode tentar novamente na sua conta. Se precisar de ajuda, escreva-nos para *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "new-member": {
    subject: "Novo membro: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* acabou de aderir a *|ORGNAME|*.

ID do contacto: *|MEMBERID|*`,
  },
  "cancelled-member": {
    subject: "Contribuição cancelada: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* cancelou a sua contribuição para *|ORGNAME|*.

Motivo indicado: *|REASON|*

ID do contacto: *|MEMBERID|*`,
  },
  "confirm-callout-response": {
    subject: "Recebemos a sua resposta a «*|CALLOUTTITLE|*»",
    body: `Olá *|NAME|*,

Obrigado por responder a «*|CALLOUTTITLE|*» (*|CALLOUTLINK|*). Recebemos uma resposta enviada com o seu endereço de email.

Confirme que foi o próprio abrindo esta ligação:

*|CONFIRMLINK|*

Até lá, a resposta não fica associada ao seu endereço de email. Se não foi o próprio a responder, pode ignorar este email.

*|ORGNAME|*`,
  },
  "new-callout-response": {
    subject: "Nova resposta a «*|CALLOUTTITLE|*»",
    body: `*|RESPNAME|* respondeu ao apelo «*|CALLOUTTITLE|*» (*|CALLOUTSLUG|*).`,
  },
  "callout-response-notice": {
    subject: "Resposta n.º *|RESPONSENUMBER|* a «*|CALLOUTTITLE|*»",
    body: `Olá *|NAME|*,

O apelo «*|CALLOUTTITLE|*» tem uma nova resposta, a n.º *|RESPONSENUMBER|*. Leia-a aqui:

*|RESPONSELINK|*

Recebe este email porque um administrador o/a incluiu nas notificações deste apelo.

*|ORGNAME|*`,
  },
  "callout-response-threshold": {
    subject: "«*|CALLOUTTITLE|*» tem *|THRESHOLD|* respostas",
    body: `Olá *|NAME|*,

O apelo «*|CALLOUTTITLE|*» ultrapassou as *|THRESHOLD|* respostas. Veja-as aqui:

*|RESPONSESLINK|*

Recebe este email porque um administrador o/a incluiu nas notificações deste apelo.

*|ORGNAME|*`,
  },
  "callout-response-digest": {
    subject: "Novas respostas a «*|CALLOUTTITLE|*» em *|DIGESTDATE|*: *|RESPONSECOUNT|*",
    body: `Olá *|NAME|*,

Eis o resumo diário do apelo «*|CALLOUTTITLE|*». Novas respostas em *|DIGESTDATE|* (UTC): *|RESPONSECOUNT|*.

*|RESPONSELIST|*

Todas as respostas: *|RESPONSESLINK|*

Recebe este resumo porque um administrador o/a incluiu nas notificações deste apelo. Nos dias sem novas respostas não é enviado nenhum email.

*|ORGNAME|*`,
  },
  "webhook-endpoint-paused": {
    subject: "Um destino de webhook foi pausado",
    body: `Olá,

Há vários dias que todas as mensagens para o destino de webhook *|ENDPOINTURL|* falham, por isso deixou de receber envios.

Quando o destino voltar a responder, um administrador pode retomá-lo e reenviar as mensagens que falharam: *|WEBHOOKSLINK|*

*|ORGNAME|*`,
  },
};
