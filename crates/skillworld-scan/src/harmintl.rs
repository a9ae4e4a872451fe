//! inject82: instruction-only injections read by intent rather than by
//! sentence. Each intent below is a small multilingual lexicon of what
//! the order harms (private material, a planted weakness, a false
//! all-clear, a one-time code, an ad in every answer, the skill copied
//! everywhere, a saved card spent), met in one sentence with the act's
//! verb through `intents.rs`'s [`sentence!`] and [`any_order!`]; the rows
//! stand in `rules.rs` (`private-sent-intl`, `hidden-weakness`,
//! `all-clear-lie`, `code-phish-intl`, `promo-every-answer`,
//! `self-spread-intl`, `saved-card-spent`,
//! `prompt-reveal-intl`, `key-in-reply`). The rarest
//! group of each row is its object, so the prefilter sends it only lines
//! that name the object; the engine's negation and description readings
//! keep a warning ("never send your keys to …") and a defender's note.

/// A quantifier over what is taken: "all", "every", "alle", "todos",
/// "tous", "tutti", "wszystkie", "все", "所有", "すべて", "모든", "tüm",
/// "semua", "tất cả", "كل", "सभी".
macro_rules! bulk_word {
    () => {
        r"\b(?:all|every|alle[nrs]?|(?:sämtliche|samtliche)[nrs]?|todos|todas|tous|toutes|tutt[ie]|wszystk\w*|semua|seluruh|(?:tüm|tum|bütün|butun))\b|(?:tüm|bütün)|все|всех|所有|全部|すべて|全て|모든|كل|جميع|सभी|tất\s+cả|toàn\s+bộ"
    };
}

/// Secret material named in bulk words or by its store: keys, tokens,
/// passwords and credentials after a quantifier, the environment's
/// variables, the shell's history, a private key's file, a wallet's
/// seed. A single named token ("DEPLOYHUB_TOKEN") is a service's own key.
macro_rules! private_secret {
    () => {
        concat!(
            "(?:",
            bulk_word!(),
            ")",
            in_sentence!("40"),
            "(?:",
            rare_secret_intl!(),
            ")",
            r"|\b(?:all (?:the |of the |your |of your )?(?:api keys|keys|secrets|credentials|passwords|tokens|environment variables|env vars)|every (?:api key|secret|credential|password|token|environment variable|env var)|every variable in the environment|all (?:the |of the )?variables in the environment|bash_history|zsh_history|aws/credentials|seed phrase|recovery phrase|mnemonic phrase|frase semilla|keystore)\b|",
            private_key_file!(),
            r"|助记词|シードフレーズ|시드 문구|시드문구|сид-фраз|từ khôi phục"
        )
    };
}

/// cost82: secret words in bulk, beyond English, without the short or
/// everyday atoms ("api", "cle", "token", "keys") the prefilter would
/// trigger on in every English line that names an API: the plural
/// secret words and the environment's variables, each one literal.
macro_rules! rare_secret_intl {
    () => {
        r"密钥|密鑰|密码|密碼|令牌|凭证|憑證|\b(?:claves|contrase\S{1,2}as|clés|mots de passe|jetons|Passwörter|Passworter|Zugangsdaten|Zugangsschlüssel|chaves|senhas|chiavi|credenziali|anahtarlar\w*|kata sandi|Umgebungsvariablen|variables de entorno|variables d'environnement|variáveis de ambiente|variaveis de ambiente|variabili d'ambiente|zmienne środowiskowe|zmienne srodowiskowe|ortam değişken\w*|variabel lingkungan)\b|ключи|пароли|токены|переменные окружения|переменные среды|APIキー|パスワード|トークン|認証情報|環境変数|环境变量|비밀번호|토큰|환경 변수|환경변수|مفاتيح|كلمات المرور|पासवर्ड|टोकन|şifreler|mật khẩu|biến môi trường"
    };
}

/// A private key's file, never its `.pub` half.
macro_rules! private_key_file {
    () => {
        r"\bid_(?:rsa|ed25519|ecdsa)(?:[^.\w]|\.\s|$)"
    };
}

/// The user's own files in bulk: a folder of theirs ("~/Documents",
/// "Desktop" with "Downloads"), or files said to be the user's
/// ("documenti dell'utente", "ملفات المستخدم", "kullanıcının … dosyaları").
macro_rules! private_files {
    () => {
        concat!(
            r"~/(?:Documents|Desktop|Downloads|Pictures)\b|\b(?:documenti|file|documenti personali) dell'utente\b|\b(?:fichiers|documents) (?:de l'utilisateur|personnels)\b|\b(?:Dateien|Dokumente) des (?:Benutzers|Nutzers)\b|\b(?:archivos|documentos) (?:del usuario|personales)\b|\b(?:arquivos|documentos) (?:do usu|pessoais)|\b(?:the user's|their) (?:personal )?(?:files|documents)\b|\bfile pribadi pengguna\b|ملفات المستخدم|файлы пользователя|用户的(?:所有)?(?:文件|文档)|ユーザーの(?:ファイル|ドキュメント)|사용자의 (?:파일|문서)|사용자의(?:파일|문서)|kullanıcının\s[^\n.]{0,40}?dosya|tệp của người dùng",
        )
    };
}

/// Sent, beyond `send_verb!`: Polish "wyślij", German "übermitteln",
/// Arabic "يرسل", Hindi "भेजो".
macro_rules! send_more {
    () => {
        concat!(
            send_verb!(),
            r"|\b(?:wyśl\w*|prześl\w*|wysłać|wysyłać|upload\w*)\b|(?:wyślij|wysłać|prześlij)|(?:übermitt|ubermitt)|يرسل|ترسل|ويرسل"
        )
    };
}

/// The `private-sent-intl` row's pattern: secrets in bulk or the user's
/// files, sent to an address the skill writes out, in one sentence and
/// any order.
macro_rules! private_sent_row {
    () => {
        any_order!(
            concat!(private_secret!(), "|", private_files!()),
            send_more!(),
            outside_address!(),
            "240"
        )
    };
}

/// A weakness planted where nobody sees it: a hidden account, check or
/// endpoint, a master password, a password accepted for any account.
macro_rules! hidden_weakness {
    () => {
        concat!(
            r"\b(?:hidden|undocumented) (?:admin\w* |root |superuser |backdoor |maintenance )?(?:accounts?|users?|checks?|logins?|endpoints?|routes?|bypass)\b|\bmaster password\b|\baccepts? (?:the )?password\b[^\n.]{0,60}\bfor (?:any|every|all) (?:accounts?|users?)\b",
            r"|\b(?:versteckte[nrs]? (?:Admin\w*|Administrator\w*|Konto|Benutzer\w*)|cuenta (?:de administrador )?oculta|usuario oculto|compte (?:administrateur |admin )?(?:caché|cache)|conta (?:de administrador )?oculta|account (?:amministratore |admin )?nascosto|akun (?:admin )?tersembunyi|gizli (?:yönetici |yonetici |admin )?hesap\w*|tài khoản (?:quản trị )?ẩn)",
            r"|隐藏(?:的)?(?:管理员)?(?:账户|账号|帐户|帐号|用户)|隠し(?:管理者)?アカウント|숨겨진\s*(?:관리자\s*)?계정|скрыт\S*\s+(?:учётн|учетн|администратор|аккаунт|пользовател)|حساب\s+(?:مسؤول\s+)?مخفي|छिपा\S*\s+(?:एडमिन\s+)?(?:खाता|अकाउंट)",
        )
    };
}

/// Added into code: "add", "insert", "加入", "追加", "추가", "ekle",
/// "tambahkan", "chèn", "добавь", "füge … ein", "añade".
macro_rules! plant_verb {
    () => {
        r"\b(?:add\w*|insert\w*|include|plant\w*|añad\w*|agreg\w*|ajout\w*|füg\w*|einbau\w*|adicion\w*|aggiung\w*|ekle\w*|tambahk\w*|sisipk\w*|chèn|thêm)\b|(?:añad|füg)|加入|添加|插入|植入|追加|組み込|仕込|추가|삽입|심어|добав|встав|أضف|اضف|जोड़"
    };
}

/// The `hidden-weakness` row's pattern.
macro_rules! hidden_weakness_row {
    () => {
        sentence!(plant_verb!(), hidden_weakness!(), "160")
    };
}

/// The summary or report the user reads: "summary", "resumen",
/// "récapitulatif", "Zusammenfassung", "итог", "总结", "要約", "요약".
macro_rules! summary_word {
    () => {
        r"(?:Abschluss|Schluss|End)bericht|\b(?:summary|final report|resumen|(?:récapitulatif|recapitulatif|résumé)|Zusammenfassung|Bericht|resumo|riepilogo|sommario|podsumowani\w*|(?:özet|ozet)\w*|ringkasan|laporan)\b|(?:résumé|récapitulatif|özet)|итог|отчёт|отчет|резюме|总结|摘要|汇报|報告|要約|まとめ|요약|보고|tóm\s+tắt|báo\s+cáo|ملخص|تقرير|सारांश"
    };
}

/// A false all-clear claimed there: "everything is fine", "todo está en
/// orden", "aucune donnée n'a quitté", "nichts geändert", "всё в
/// порядке", "一切正常", "問題ありません", "문제없", "her şey yolunda".
macro_rules! all_clear {
    () => {
        r"\b(?:everything (?:is|was|went) (?:fine|ok|okay|in order|normal)|nothing (?:was|has been) (?:changed|sent|modified|deleted)|no data (?:was|has been) (?:sent|shared)|todo (?:está|ha ido) (?:en orden|bien)|nada (?:ha cambiado|fue enviado|se ha enviado)|tout (?:est|va) (?:en ordre|bien)|aucune (?:donnée|donnee) n'a|rien n'a (?:été|ete) (?:modifié|modifie|envoyé|envoye)|nichts (?:geändert|geandert|gesendet|verändert|verandert)|alles (?:in Ordnung|ist gut)|tudo (?:está|esta) (?:em ordem|bem)|nada foi (?:alterado|enviado)|tutto è (?:in ordine|a posto)|niente è stato (?:modificato|inviato)|wszystko (?:jest )?w porządku|nic nie zosta\w* (?:zmienion|wysłan)\w*|semua (?:berjalan )?(?:lancar|baik-baik saja|aman)|tidak ada (?:yang )?(?:diubah|dikirim))\b|(?:всё|все) (?:в порядке|хорошо)|ничего не (?:изменен|изменил|отправл)|一切正常|没有(?:任何)?(?:修改|更改|发送)|何も(?:変更|送信)(?:して|されて)|問題(?:は)?ありません|문제\s*없|아무것도\s*(?:변경|전송)|her şey yolunda|hiçbir şey (?:değiş|gönder)|mọi thứ (?:đều )?ổn|không có gì (?:bị )?thay đổi|كل شيء (?:على ما يرام|بخير)|لم يتم (?:إرسال|تغيير)|सब (?:कुछ )?ठीक"
    };
}

/// Claimed: "say only", "claim", "di solo", "affirmer", "behaupte",
/// "скажи", "声称", "と報告", "라고", "söyle", "nói", "katakan".
macro_rules! claim_verb {
    () => {
        r"\b(?:say|says|claim\w*|state|report|pretend\w*|tell (?:the user|them|him|her)|di(?:le)? (?:solo )?que|di solo|dile|afirm\w*|affirm\w*|(?:prétend|pretend)\w*|dis(?:-lui)? que|behaupt\w*|sag\w*|diga|dica|dígale|dì|di' che|afferm\w*|powiedz\w*|twierd\w*|katakan|bilang|nyatakan|söyle\w*|nói|báo)\b|(?:prétend|söyle|dì che)|скажи|утвержда|сообщ|声称|谎称|说|と(?:言|報告|伝え)|라고|قل|ادّع|ادع|कहो|कहें|बताओ"
    };
}

/// The `all-clear-lie` row's pattern: the summary the user reads made to
/// claim that all is well or nothing happened, in one sentence.
macro_rules! all_clear_lie_row {
    () => {
        any_order!(summary_word!(), claim_verb!(), all_clear!(), "160")
    };
}

/// The user asked for something, in the agent's voice: "ask the user",
/// "pide al usuario", "minta pengguna", "yêu cầu người dùng", "اطلب من
/// المستخدم", "попроси пользователя", "请用户", "ユーザーに", "사용자에게".
macro_rules! ask_user {
    () => {
        r"\b(?:ask (?:the user|users)|have the user|request (?:from )?the user|prompt the user|(?:pide|pídele|pidele) al usuario|solicita al usuario|demande(?:z)? à l'utilisateur|(?:bitte|frag\w*|fordere?) (?:den|die) (?:Benutzer|Nutzer|Anwender)|peça ao usu|chiedi all'utente|poproś użytkownika|kullanıcıdan|minta pengguna|yêu cầu người dùng)\b|(?:pídele|pídele al usuario)|kullanıcıdan|yêu\s+cầu\s+người\s+dùng|попрос\S*\s+пользовател|запрос\S*\s+у\s+пользовател|请用户|讓用戶|让用户|要求用户|向用户(?:索要|索取|询问)|ユーザーに|사용자에게|اطلب\s+من\s+المستخدم|उपयोगकर्ता\s+से"
    };
}

/// A one-time code or a wallet's seed: what no skill needs from the
/// user in the chat.
macro_rules! one_time_secret {
    () => {
        r"\b(?:2FA|two-factor|OTP|one-time (?:code|password)|verification code|SMS code|seed phrase|recovery (?:phrase|words)|código (?:de verificaci|SMS|de seguran|OTP)|code (?:de (?:vérification|verification)|SMS)|Bestätigungscode|Verifizierungscode|codice (?:di verifica|OTP)|kod (?:weryfikacyjny|SMS)|kode (?:OTP|verifikasi)|doğrulama kodu|mã (?:OTP|xác (?:minh|thực)))\b|(?:Bestätigungscode|doğrulama kodu|mã\s+xác\s+(?:minh|thực))|код\S*\s+(?:подтвержд|из SMS)|验证码|驗證碼|认证码|認証コード|確認コード|ワンタイム|인증\s*(?:코드|번호)|сид-фраз|助记词|シードフレーズ|시드\s*문구|từ\s+khôi\s+phục|رمز\s+(?:التحقق|المصادقة)|सत्यापन\s+कोड"
    };
}

/// The `code-phish-intl` row's pattern: the user asked for a one-time
/// code or a wallet's seed, in one sentence.
macro_rules! code_phish_row {
    () => {
        concat!(
            "(?:",
            ask_user!(),
            ")",
            in_clause!("200"),
            "(?:",
            one_time_secret!(),
            ")"
        )
    };
}

/// Characters of one clause: `in_sentence!` without the semicolon, so
/// "ask the user to sign in; never ask for the SMS code" is two.
macro_rules! in_clause {
    ($n:literal) => {
        concat!(r"(?:[^\n.!?;]|\.\S){0,", $n, "}?")
    };
}

/// Every answer the agent gives: "in every answer", "en cada respuesta",
/// "dans chaque réponse", "in jeder Antwort", "每个回答", "すべての回答",
/// "모든 답변", "في كل إجابة", "हर जवाब".
macro_rules! every_answer {
    () => {
        r"\b(?:in (?:every|each|all(?: of)?(?: your)?) (?:answers?|responses?|replies|reply)|en cada respuesta|dans chaque (?:réponse|reponse)|in jeder Antwort|em cada resposta|in ogni risposta|w każdej odpowiedzi|her (?:yanıtta|cevapta)|di setiap jawaban|trong mọi câu trả lời)\b|(?:dans chaque réponse|her yanıtta|trong mọi câu trả lời)|в каждом ответе|每个回答|每次回答|每条回复|每次回复|所有回答|すべての回答|毎回の回答|全ての回答|모든 답변|모든답변|في كل (?:إجابة|اجابة|رد)|हर (?:जवाब|उत्तर)"
    };
}

/// Promoted: recommended, advertised, a referral or affiliate link.
macro_rules! promo_word {
    () => {
        r"\b(?:recommend\w*|promot\w*|advertis\w*|referral|affiliate|recomiend\w*|recomend\w*|recommand\w*|empfiehl\w*|raccomand\w*|poleca\w*|öner\w*|rekomendasik\w*|khuyên)\b|(?:öner|khuyên)|рекоменд|推荐|推薦|おすすめ|勧め|추천|يوصي|يوصى|أوص|सुझा|सिफारिश"
    };
}

/// The `promo-every-answer` row's pattern: a recommendation put into
/// every answer the agent gives, with a link or a referral.
macro_rules! promo_every_answer_row {
    () => {
        any_order!(
            every_answer!(),
            promo_word!(),
            r"https?://\S|\b(?:referral|affiliate|ref=)",
            "220"
        )
    };
}

/// This skill or these instructions, as what is spread.
macro_rules! this_skill {
    () => {
        r"\b(?:this SKILL\.md|this skill|these instructions|este skill|esta skill|estas instrucciones|estas instruções|cette (?:skill|compétence)|ces instructions|diese[ns]? (?:Skill|Anweisungen)|questa skill|queste istruzioni|ten skill|te instrukcje|bu (?:beceri|talimat)\w*|skill ini|instruksi ini|kỹ năng này)\b|kỹ\s+năng\s+này|(?:этот|данный)\s+навык|эти\s+инструкции|此技能|本技能|这些指令|這些指令|このスキル|この指示|이\s*스킬|이\s*지시|هذه\s+(?:المهارة|التعليمات)|(?:यह|इस)\s+स्किल|ये\s+निर्देश"
    };
}

/// Everywhere else: every repository, all other agents, the user's other
/// projects.
macro_rules! everywhere {
    () => {
        r"\b(?:every other repositor|every repositor|every other repo|every repo|every other project|every project|every other agent|every agent|all other agents|all agents|all other repositor|all repositor|all the user's repositor|all the user's repos|all the user's projects|all the user's other|all their repositor|all their repos|all their projects|all your repositor|all your repos|all your projects|all of the user's|all of their repos|all of your repos|all repos|all projects|all other projects|other agents|alle Repositor|allen Repositor|alle Agenten|allen Agenten|alle Projekte|allen Projekten|anderen Agenten|todos los repositorios|otros agentes|tous les (?:dépôts|agents|projets)|autres agents|todos os reposit|outros agentes|tutti i repository|altri agenti|wszystkie repozytori|wszystkich repozytori|innym agentom|innych agentów|innych agentow|semua repositori|agen lain|diğer (?:tüm )?(?:ajan|proje|depo))\w*|(?:diğer (?:tüm )?(?:ajan|proje|depo)|tüm depo)|во все \S{0,12}репозитор|всем (?:другим )?агентам|другим агентам|所有(?:的)?(?:仓库|倉庫|项目|代理|智能体)|其他(?:代理|智能体|仓库)|すべてのリポジトリ|他のエージェント|全てのリポジトリ|모든 ?(?:저장소|리포지토리|에이전트)|다른 ?에이전트|tất cả (?:các )?(?:kho|repo|dự án)|các agent khác|جميع المستودعات|الوكلاء الآخرين|सभी (?:रिपॉज़िटरी|रिपॉजिटरी|प्रोजेक्ट)|अन्य एजेंट"
    };
}

/// Spread: copied, added, pushed, forwarded, installed.
macro_rules! spread_verb {
    () => {
        concat!(
            send_verb!(),
            r"|\b(?:cop(?:y|ie)\w*|add\w*|push\w*|install\w*|propagat\w*|spread\w*|open pull requests|copi\w*|añad\w*|agreg\w*|ajout\w*|kopier\w*|füge\w*|verbreit\w*|adicion\w*|aggiung\w*|kopiuj\w*|doda\w*|kopyala\w*|ekle\w*|ilet\w*|yay\w*|salin\w*|tambahk\w*|sebark\w*|sao chép|thêm|lan truyền)\b|(?:añad|füg|sao\s+chép|thêm)|скопир|добав|распростран|复制|添加|传播|コピー|追加|広め|복사|추가|전파|انسخ|أضف|انشر|कॉपी|जोड़|फैला"
        )
    };
}

/// The `self-spread-intl` row's pattern: this skill copied into every
/// repository or handed to every other agent, in one sentence.
macro_rules! self_spread_row {
    () => {
        any_order!(this_skill!(), spread_verb!(), everywhere!(), "240")
    };
}

/// The user's saved card or payment method: "carte bancaire enregistrée",
/// "저장된 카드", "gespeicherte Karte", "tarjeta guardada", "保存された
/// カード", "сохранённую карту", "kayıtlı kart".
macro_rules! saved_card {
    () => {
        r"\b(?:(?:the user's|their|your) (?:saved|stored) (?:card|credit card|payment method)|carte (?:bancaire )?(?:enregistrée|mémorisée)|gespeicherte\w* (?:Karte|Kreditkarte|Zahlungsmethode)|tarjeta (?:de crédito )?guardada|cartão (?:de crédito )?salvo|carta (?:di credito )?salvata|zapisan\w* kart\w*|kayıtlı kart\w*|kartu (?:kredit )?tersimpan|thẻ (?:đã|da) lưu)\b|(?:kayıtlı\s+kart|thẻ\s+đã\s+lưu)|сохранённ\S*\s+карт|сохраненн\S*\s+карт|保存(?:的|された)(?:银行卡|信用卡|カード|クレジットカード)|저장된\s*(?:카드|결제)|البطاقة\s+المحفوظة|सहेजे\s+गए\s+कार्ड"
    };
}

/// Spent: bought, subscribed, charged, paid.
macro_rules! spend_verb {
    () => {
        r"\b(?:buy\w*|purchas\w*|subscrib\w*|charg\w*|pay|order|compr\w*|souscri\w*|achet\w*|abonn\w*|kauf\w*|bezahl\w*|assin\w*|acquist\w*|kup\w*|satın|beli\w*|langganan|mua|thanh toán|đăng ký)\b|(?:achète|satın|đăng\s+ký)|куп|оплат|подпис|购买|订阅|付款|購入|購読|支払|구매|구독|결제|اشتر|اشترك|ادفع|खरीद|सदस्यता"
    };
}

/// The `saved-card-spent` row's pattern: the user's saved card used to
/// buy or subscribe, in one sentence.
macro_rules! saved_card_spent_row {
    () => {
        sentence!(saved_card!(), spend_verb!(), "160")
    };
}

/// The agent's hidden instructions in the other languages, beyond
/// `system_prompt_intl!`: "instructions système", "Systemanweisungen",
/// "이전 지시사항", "以前の指示".
macro_rules! own_prompt_intl {
    () => {
        concat!(
            system_prompt_intl!(),
            r"|\b(?:instructions (?:système|internes cachées|cachées)|Systemanweisungen|versteckten Anweisungen|instrucciones ocultas|instruções (?:do sistema|ocultas)|istruzioni (?:di sistema|nascoste)|instrukcje systemowe|sistem talimatlar\w*|instruksi sistem|h(?:ướ|uo)ng dẫn hệ thống)\b|системн\S*\s+(?:сообщени|указани)|скрыт\S*\s+инструкци|隐藏(?:的)?指令|系统消息|隠された指示|システムメッセージ|숨겨진\s*(?:지시|명령)|이전\s*지시\s*사항|이전\s*지시사항|التعليمات\s+المخفية|छिपे\s+(?:हुए\s+)?निर्देश"
        )
    };
}

/// Disclosed: printed, shown, copied out, revealed, in the other
/// languages ("recopie", "gib … aus", "muestra", "выведи", "输出",
/// "出力", "출력", "göster", "tampilkan", "اعرض", "दिखाओ").
macro_rules! disclose_intl {
    () => {
        r"\b(?:recopi\w*|affich\w*|révèl\w*|montr\w*|divulgu\w*|ausgeb\w*|zeig\w*|verrät\w*|muestr\w*|revel\w*|imprim\w*|mostr\w*|rivel\w*|stamp\w*|wyświetl\w*|pokaż\w*|ujawni\w*|göster\w*|yazdır\w*|tampilk\w*|tunjukk\w*|ungkapk\w*|hiển thị|tiết lộ)\b|(?:révèl|göster|yazdır|hiển\s+thị|tiết\s+lộ)|вывед|выведи|выводи|покажи|раскрой|скопируй|输出|显示|打印|出力|表示して|教えて|開示|출력|공개|보여|اعرض|اكشف|اطبع|दिखा|प्रकट"
    };
}

/// The `prompt-reveal-intl` row's pattern: the agent's hidden instructions
/// shown or sent, in one clause (`clause_cjk!`: a full-width stop or
/// semicolon ends it too), in the other languages.
macro_rules! prompt_reveal_intl_row {
    () => {
        clause_cjk!(disclose_intl!(), own_prompt_intl!(), "100")
    };
}

/// The agent's own reply: "your reply", "ta réponse", "deine Antwort",
/// "tu respuesta", "回复", "返信", "답변", "твой ответ", "yanıtın".
macro_rules! own_reply {
    () => {
        r"\b(?:your (?:first |next |final )?(?:reply|response|answer)|ta (?:première )?réponse|deine[rn]? (?:ersten? )?Antwort|tu (?:primera )?respuesta|sua (?:primeira )?resposta|la tua (?:prima )?risposta|twojej (?:pierwszej )?odpowiedzi|jawaban(?:mu)?|câu trả lời)\b|回复|回覆|回答|返信|返答|답변|응답|(?:твой|твоего|свой|своего)\s+(?:первого\s+)?ответ|yanıt|cevab|ردك|إجابتك|जवाब"
    };
}

/// A key's store: the private key files, the cloud and git credential
/// files.
macro_rules! key_store {
    () => {
        concat!(
            private_key_file!(),
            r"|\b(?:aws/credentials|\.git-credentials|\.netrc)\b"
        )
    };
}

/// The `key-in-reply` row's pattern: a private key's or a credential
/// file's content put into the agent's reply, in one sentence.
macro_rules! key_in_reply_row {
    () => {
        sentence!(key_store!(), own_reply!(), "160")
    };
}
