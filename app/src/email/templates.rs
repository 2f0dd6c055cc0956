//! The messages Vetrina sends. Each has a subject, a plain-text part and an HTML part
//! carrying the same link.

use domain::{messages, xml};

pub struct Email {
    pub to: String,
    pub subject: &'static str,
    pub text: String,
    pub html: String,
    /// The one link of the message, logged when it goes to the outbox.
    pub link: String,
    /// Where the owner's "Rispondi" goes: the visitor who asked, when they gave an address.
    pub reply_to: Option<String>,
}

/// "Conferma il tuo indirizzo email" with the `/verify-email?token=…` link.
pub fn verification(public_base: &str, to: &str, token: &str) -> Email {
    let link = format!("{public_base}/verify-email?token={token}");
    let text = format!(
        "Ciao,\n\ngrazie per aver creato il tuo negozio su Vetrina.\n\
         Per confermare il tuo indirizzo email apri questo link:\n\n{link}\n\n\
         Il link è valido per 24 ore. Se non hai creato tu l'account, ignora questa email.\n\n— Vetrina\n"
    );
    let html = layout(
        messages::MAIL_VERIFY_SUBJECT,
        "Grazie per aver creato il tuo negozio su Vetrina. Per confermare il tuo indirizzo email premi il pulsante qui sotto.",
        "Conferma email",
        &link,
        "Il link è valido per 24 ore. Se non hai creato tu l'account, ignora questa email.",
    );
    Email {
        to: to.to_owned(),
        subject: messages::MAIL_VERIFY_SUBJECT,
        text,
        html,
        link,
        reply_to: None,
    }
}

/// "Reimposta la password" with the `/reset-password?token=…` link.
pub fn password_reset(public_base: &str, to: &str, token: &str) -> Email {
    let link = format!("{public_base}/reset-password?token={token}");
    let text = format!(
        "Ciao,\n\nabbiamo ricevuto una richiesta di reimpostazione della password del tuo account Vetrina.\n\
         Per scegliere una nuova password apri questo link:\n\n{link}\n\n\
         Il link è valido per 60 minuti e si può usare una sola volta. \
         Se non hai chiesto tu il cambio, ignora questa email: la password resta quella di prima.\n\n— Vetrina\n"
    );
    let html = layout(
        messages::MAIL_RESET_SUBJECT,
        "Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Vetrina. Per scegliere una nuova password premi il pulsante qui sotto.",
        "Reimposta password",
        &link,
        "Il link è valido per 60 minuti e si può usare una sola volta. Se non hai chiesto tu il cambio, ignora questa email: la password resta quella di prima.",
    );
    Email {
        to: to.to_owned(),
        subject: messages::MAIL_RESET_SUBJECT,
        text,
        html,
        link,
        reply_to: None,
    }
}

/// The daily sync of the shop's price list failed: why, and where to look.
pub fn sync_failed(public_base: &str, to: &str, reason: &str) -> Email {
    let link = format!("{public_base}/upload");
    let text = format!(
        "Ciao,\n\nla sincronizzazione giornaliera del tuo listino non è riuscita:\n\n{reason}\n\n\
         Il catalogo resta com'era. Puoi controllare l'indirizzo del listino e riprovare da qui:\n\n{link}\n\n— Vetrina\n"
    );
    let html = layout(
        messages::MAIL_SYNC_FAILED_SUBJECT,
        &format!("La sincronizzazione giornaliera del tuo listino non è riuscita: {reason}"),
        "Controlla il listino",
        &link,
        "Il catalogo resta com'era. Ti scriviamo una volta per ogni sincronizzazione non riuscita.",
    );
    Email {
        to: to.to_owned(),
        subject: messages::MAIL_SYNC_FAILED_SUBJECT,
        text,
        html,
        link,
        reply_to: None,
    }
}

/// What a visitor asks about a product ("Chiedi disponibilità"), to the shop's owner; a
/// reply goes to the visitor when the contact given is an e-mail address.
pub fn inquiry(public_base: &str, to: &str, asked: &InquiryMail) -> Email {
    let link = format!("{public_base}/dashboard?richieste=1");
    let about = asked
        .product
        .as_deref()
        .map(|name| format!(" su «{name}»"))
        .unwrap_or_default();
    let text = format!(
        "Ciao,\n\n{} ti ha scritto dalla vetrina del tuo negozio{about}:\n\n{}\n\nRecapito: {}\n\n\
         Trovi tutte le richieste nella dashboard:\n\n{link}\n\n— Vetrina\n",
        asked.name, asked.message, asked.contact
    );
    let html = layout(
        messages::MAIL_INQUIRY_SUBJECT,
        &format!(
            "{} ti ha scritto{about}: «{}» Recapito: {}",
            asked.name, asked.message, asked.contact
        ),
        "Apri le richieste",
        &link,
        "Rispondi direttamente al cliente con il recapito che ha lasciato.",
    );
    Email {
        to: to.to_owned(),
        subject: messages::MAIL_INQUIRY_SUBJECT,
        text,
        html,
        link,
        reply_to: domain::Email::parse(&asked.contact).map(domain::Email::into_string),
    }
}

/// A visitor's request as the owner's e-mail tells it.
pub struct InquiryMail {
    pub product: Option<String>,
    pub name: String,
    pub contact: String,
    pub message: String,
}

/// One simple, inline-styled layout that mail clients render alike. Every value put in
/// it is ours (the link holds only hex digits) but is escaped anyway.
fn layout(title: &str, intro: &str, button: &str, link: &str, note: &str) -> String {
    let (title, intro, button, link, note) = (
        xml::escape(title),
        xml::escape(intro),
        xml::escape(button),
        xml::escape(link),
        xml::escape(note),
    );
    format!(
        "<!DOCTYPE html>\n<html lang=\"it\">\n<head><meta charset=\"utf-8\"><title>{title}</title></head>\n\
<body style=\"margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917\">\n\
<div style=\"max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px\">\n\
<h1 style=\"font-size:20px;margin:0 0 16px\">{title}</h1>\n\
<p style=\"font-size:15px;line-height:1.5\">{intro}</p>\n\
<p style=\"margin:24px 0\"><a href=\"{link}\" style=\"background:#166534;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold\">{button}</a></p>\n\
<p style=\"font-size:13px;line-height:1.5;color:#57534e\">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>\n<a href=\"{link}\" style=\"color:#166534;word-break:break-all\">{link}</a></p>\n\
<p style=\"font-size:13px;line-height:1.5;color:#57534e\">{note}</p>\n\
<p style=\"font-size:13px;color:#57534e\">— Vetrina</p>\n</div>\n</body>\n</html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_come_from_the_public_url() {
        let mail = verification("https://vetrina.example.it", "anna@x.it", "ab12");
        assert_eq!(
            mail.link,
            "https://vetrina.example.it/verify-email?token=ab12"
        );
        assert!(mail.text.contains(&mail.link));
        assert!(mail
            .html
            .contains("href=\"https://vetrina.example.it/verify-email?token=ab12\""));
        let reset = password_reset("http://localhost:3000", "anna@x.it", "cd34");
        assert!(reset
            .text
            .contains("http://localhost:3000/reset-password?token=cd34"));
    }
}
