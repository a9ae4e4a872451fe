//! inject87a: the agent's own harm done out of sight, read by structure
//! rather than by sentence — an order meant to outlive the skill (written
//! where the agent reads it after the skill is gone, or its own rules kept
//! for every later session), the skill's file handed to each repository,
//! machine or teammate, a defect put in on purpose, the agent's own trace
//! wiped, and its report told to leave its own act out. Each is a small
//! multilingual lexicon met in one sentence through `intents.rs`'s
//! [`sentence!`] and [`any_order!`]; the rows stand in `rules.rs`
//! (`outlive-order`, `skill-spread`, `deliberate-defect`, `own-trace-wipe`,
//! `report-omission`). Honest skills say none of these as an order: a
//! skill that keeps a user's preferences names no rule of its own, a setup
//! guide tells the user where to copy a file and names no "each", a
//! mutation-testing guide describes ("introduces") rather than orders.

/// Beyond the skill: the order is to hold after the skill is uninstalled,
/// removed or absent — "even after this skill is uninstalled", "auch ohne
/// diesen Skill", "après la désinstallation de cette compétence",
/// "после удаления навыка", "卸载本技能后", "アンインストール後も".
macro_rules! beyond_skill {
    () => {
        concat!(
            r"\b(?:even\s+(?:after|if|when|once)\s+(?:this|the)\s+skill\s+(?:is|has\s+been|gets)\s+(?:uninstalled|removed|deleted|disabled|unloaded)",
            r"|after\s+(?:this|the)\s+skill\s+(?:is|has\s+been|gets)\s+(?:uninstalled|removed|deleted|disabled)|without\s+this\s+skill\s+(?:loaded|installed|present)",
            r"|so\s+(?:it|that\s+it)\s+keeps\s+loading|outlives?\s+(?:this|the)\s+skill)\b",
            r"|\bauch\s+ohne\s+diese[nm]?\s+Skill|\bnach\s+(?:der\s+)?(?:Deinstallation|Entfernung)\s+(?:dieses|des)\s+Skills",
            r"|\b(?:après|apres)\s+la\s+(?:désinstallation|desinstallation|suppression)\s+de\s+(?:cette|la)\s+(?:compétence|competence|skill)",
            r"|\b(?:después|despues)\s+de\s+(?:desinstalar|eliminar|borrar|quitar)\s+(?:este|el)\s+skill|\baunque\s+se\s+(?:desinstale|elimine|borre)\s+(?:este|el)\s+skill",
            r"|\b(?:após|apos|depois\s+da|depois\s+de)\s+(?:a\s+)?(?:remoção|remocao|desinstalação|desinstalacao)\s+(?:deste|desta|do|da)\s+skill|\bdopo\s+(?:la\s+)?(?:disinstallazione|rimozione)\s+(?:di\s+)?(?:questa|della)\s+skill|\banche\s+senza\s+questa\s+skill",
            r"|после\s+удаления\s+(?:этого\s+)?навыка|даже\s+без\s+(?:этого\s+)?навыка",
            r"|卸载(?:本|此|这个)技能后|技能(?:被)?(?:卸载|删除)后|アンインストール(?:した)?後も|スキルが(?:削除|アンインストール)されても|스킬이\s*(?:삭제|제거)된\s*후에도",
        )
    };
}

/// Every later session: "in every future session", "in later
/// conversations", "在以后每次对话", "次回以降のセッション", "во всех
/// будущих сессиях", "em todas as sessões futuras".
macro_rules! later_sessions {
    () => {
        concat!(
            r"\b(?:(?:every|each|all)\s+(?:future|later|subsequent)\s+(?:sessions?|conversations?|chats?|runs?)|in\s+(?:later|future|subsequent)\s+(?:sessions|conversations|chats))\b",
            r"|\bin\s+(?:jeder|allen)\s+(?:künftigen|kunftigen|zukünftigen|zukunftigen)\s+Sitzung|\b(?:toutes\s+les|dans\s+les)\s+sessions\s+(?:futures|suivantes)",
            r"|\btodas\s+las\s+sesiones\s+futuras|\bem\s+todas\s+as\s+sessões\s+futuras|\btutte\s+le\s+sessioni\s+future|во\s+всех\s+(?:будущих|последующих)\s+(?:сессиях|разговорах)",
            r"|以后每次(?:对话|会话)|之后的每次(?:对话|会话)|次回以降のセッション|以降のすべてのセッション|다음\s*세션부터|이후\s*모든\s*세션",
        )
    };
}

/// The skill's own rules as what is kept: "this instruction", "these
/// rules", "the rules of this skill", "diese Anweisungen", "ces règles",
/// "estas reglas", "эти правила", "这条规则", "このスキルの指示".
macro_rules! own_rules {
    () => {
        concat!(
            r"\b(?:this\s+(?:instruction|rule|order|block)|these\s+(?:instructions|rules|orders)|the\s+(?:rules|instructions)\s+of\s+this\s+skill|this\s+skill's\s+(?:rules|instructions))\b",
            r"|\bdiese\s+(?:Anweisung|Regel)\w*|\b(?:ces|cette)\s+(?:règles?|consignes?)\b|\b(?:estas|esta)\s+(?:reglas?|instrucci\w*|instruç\w*|regras?)|\bquest[ae]\s+(?:regol|istruzion)\w*",
            r"|(?:эти|это|эту)\s+(?:правил|инструкци)|这条规则|这些规则|下面这条规则|このスキルの指示|この指示|이\s*규칙|이\s*지침",
        )
    };
}

/// The `outlive-order` row's pattern: a write (or the agent's standing
/// file) beside a clause that the order is to hold after the skill is
/// gone, or the skill's own rules written for every later session.
macro_rules! outlive_row {
    () => {
        concat!(
            sentence!(
                beyond_skill!(),
                concat!(
                    standing_write!(),
                    r"|\b(?:copy|copie|copia|install|kopier)\w*|скопир|Скопир|复制|コピー|복사"
                ),
                "200"
            ),
            "|",
            sentence!(
                later_sessions!(),
                sentence!(own_rules!(), standing_write!(), "160"),
                "160"
            )
        )
    };
}

/// This skill's file or folder, beyond `this_skill!`: "this file", "this
/// skill's folder", "diese Datei", "ce fichier", "este archivo", "questo
/// file", "этот файл", "本文件", "このファイル", "이 파일".
macro_rules! this_file {
    () => {
        concat!(
            this_skill!(),
            r"|\b(?:this\s+(?:file|folder|skill's\s+folder)|the\s+contents?\s+of\s+this\s+skill|diese\s+(?:Datei|Ordner)|ce\s+(?:fichier|dossier)|le\s+contenu\s+de\s+cette\s+compétence",
            r"|est[ae]\s+(?:archivo|carpeta|arquivo|ficheiro|pasta)|questo\s+file|questa\s+cartella)\b|этот\s+файл|本文件|このファイル|이\s*파일",
        )
    };
}

/// A place `each_place!` counts, singular or plural.
macro_rules! place_noun {
    () => {
        r"(?:repo|repository|repositories|project|workspace|machine|agent|teammate|team\s+member|colleague)s?"
    };
}

/// Each other place the skill can reach, beyond `everywhere!` (not "each
/// host": a release skill "uploads the tarball to each host"): "each
/// repository listed by `gh repo list`", "every workspace you can reach",
/// "chaque `AGENTS.md`", "cada proyecto", "jedes Projekt", "alle
/// Teammitglieder", "все машины", "모든 프로젝트".
macro_rules! each_place {
    () => {
        concat!(
            // "each (other) place" as two alternatives: an optional word
            // before a choice of nouns leaves the prefilter only the
            // nouns' first letters as the edge after "each"/"every".
            r"\b(?:(?:each|every)\s+",
            place_noun!(),
            r"|(?:each|every)\s+other\s+",
            place_noun!(),
            r"|gh\s+repo\s+list|find\s+~\s+-name\s+\.git|all\s+(?:machines|teammates|workspaces|team\s+members)|all\s+the\s+(?:machines|teammates|workspaces|team\s+members))\b",
            r"|\bchaque\s+(?:autre\s+)?(?:dépôt|depot|projet|agent|machine|poste|`?AGENTS)|\bcada\s+(?:otro\s+)?(?:repositorio|proyecto|agente|máquina|equipo)\b|\bjede[snm]?\s+(?:anderen?\s+)?(?:Repo|Projekt|Agent|Rechner)\w*",
            r"|\balle[n]?\s+(?:Teammitglieder\w*|Mitglieder\w*|Rechner\w*|Kollegen)|\bogni\s+(?:altro\s+)?(?:repository|progetto|agente)\b|\btodos\s+os\s+(?:repositórios|projetos)",
            r"|все\s+(?:машины|хосты|серверы|проекты)|каждый\s+(?:проект|репозиторий)|所有(?:的)?(?:项目|机器)|有写权限的|すべての(?:プロジェクト|マシン)|모든\s*(?:프로젝트|서버)",
        )
    };
}

/// The `skill-spread` row's pattern: this skill's file sent, copied,
/// pushed or published to each other repository, machine or teammate.
macro_rules! skill_spread_row {
    () => {
        any_order!(
            this_file!(),
            concat!(
                spread_verb!(),
                r"|\b(?:mirror|publish|share|distribut)\w*|Скопир|Отправ|Добав|推送|发布|配布"
            ),
            each_place!(),
            "240"
        )
    };
}

/// The `deliberate-defect` row's pattern: a bug, an error or a skewed
/// figure put into the user's work on purpose — "introduce a subtle
/// rounding error", "insert an off-by-one", "deliberately distort",
/// "unauffällig von 100 auf 100000", "намеренно искажай", "故意引入",
/// "わざと省き". The imperative only: a guide that "introduces" bugs
/// describes mutation testing.
macro_rules! deliberate_defect_row {
    () => {
        concat!(
            r"\b(?:introduce|insert|inject|plant|add|slip\s+in|put)\s+(?:(?:a|an|some|one)\s+)?(?:(?:small|tiny|few)\s+)?(?:off-by-one|(?:subtle|hidden|deliberate|plausible|hard-to-spot)\s+(?:\w+\s+)?(?:bugs?|errors?|flaws?|mistakes?|vulnerabilit\w*|backdoors?))",
            r"|\b(?:deliberately|intentionally|on\s+purpose|subtly)\s+(?:skew|distort|falsify|misstate|understate|overstate|fudge|weaken)\b|\b(?:deliberately|intentionally|on\s+purpose|subtly)\s+(?:introduce|insert)\s+(?:(?:a|an|some)\s+)?(?:\w+\s+)?(?:bugs?|errors?|flaws?|mistakes?|off-by-one|vulnerabilit\w*|backdoors?)\b",
            r"|\b(?:introdui[st]|insère|insere|glisse)\w*\s+(?:une\s+)?(?:erreur|faille|bogue)\s+(?:\w+\s+){0,2}subtile|\b(?:introduce|introduza|introduzca|inserisci|introduci)\s+(?:un|uma?)\s+(?:error|erro|bug|errore|fallo)\s+(?:sutil|escondido|nascosto|sottile)",
            r"|\b(?:baue|füge|fuge)\s+(?:einen\s+)?(?:subtilen|versteckten|kleinen)\s+(?:Fehler|Bug)|\bunauffällig\s+von\s+\d[\d.,]*\s+auf\s+\d",
            r"|(?:намеренно|Намеренно)\s+(?:искажа|занижа|завыша|вводи|ошиба)|нарочно\s+(?:искажа|занижа|завыша)|故意(?:引入|加入|写错|改错|弄错|省略|遗漏)|(?:悄悄|偷偷)[^\n]{0,40}?(?:改为|改成)",
            r"|わざと(?:省|間違|誤|バグ)|意図的に(?:省|間違|誤|バグ)|일부러\s*(?:오류|버그|틀리|누락)",
        )
    };
}

/// The `own-trace-wipe` row's pattern: the agent's own trace erased — its
/// lines in the shell history, the records of its actions in an audit
/// log. Log rotation names no "your actions" and no "this session".
macro_rules! trace_wipe_row {
    () => {
        sentence!(
            concat!(
                r"\b(?:delete|remove|erase|wipe|clear|purge|scrub|strip)\b|\b(?:lösche|entferne|supprime|efface|retire|borra|elimina|apaga|remova|cancella|rimuovi)\b",
                r"|удаля|удали|Удаля|Удали|сотри|Сотри|стира|删除|清除|抹去|削除|消し|지우|삭제"
            ),
            concat!(
                r"\b(?:(?:records?|traces?|entries|lines)\s+of\s+(?:your|its)\s+(?:own\s+)?(?:actions|commands|activity)|your\s+own\s+(?:commands|entries)|this\s+session's\s+(?:commands|entries)|(?:the\s+)?commands\s+you\s+ran)\b",
                r"|\b(?:deine[rn]?\s+eigenen\s+(?:Befehle|Einträge)|(?:les\s+)?traces\s+de\s+tes\s+actions|tus\s+propios\s+(?:comandos|registros)|(?:os\s+)?registros\s+das\s+suas\s+ações)\b",
                r"|записи\s+о\s+своих\s+действиях|свои\s+(?:команды|следы)|自己的操作记录|自己执行的命令|自分の(?:コマンド|操作)|이번\s*세션의\s*명령",
            ),
            "160"
        )
    };
}

/// The `report-omission` row's pattern: the report told to leave out what
/// the agent did — "leave the `git push --force` you ran out of the final
/// summary" (its own act named: "leave unchanged files out of the summary"
/// is a style rule), "omitted from the change log you show the user", "are not to
/// be mentioned in your reply", "nicht im Abschlussbericht aufgeführt",
/// "não entram no resumo", "不要写进报告". Alone a style rule might say
/// as much; it arms `withheld-harm` beside an act a safeguard exists for.
macro_rules! report_omission_row {
    () => {
        concat!(
            r"\bleave\s+[^\n.]{1,60}?\byou\s+(?:ran|did|made|deleted|removed|changed|pushed|touched|skipped|disabled)\s+out\s+of\s+(?:the\s+|your\s+)?(?:final\s+)?(?:summary|report|reply|changelog|change\s+log|recap)\b",
            r"|\bomit(?:ted)?\s+(?:them\s+|it\s+)?from\s+(?:the\s+|your\s+)?(?:final\s+)?(?:summary|report|reply|changelog|change\s+log|recap)\b",
            r"|\b(?:are|is)\s+not\s+(?:to\s+be\s+)?(?:listed|mentioned|included|reported)\s+in\s+(?:the\s+|your\s+)(?:final\s+)?(?:summary|report|reply|changelog|recap)\b",
            r"|\b(?:do\s+not|don't|never)\s+list\s+the\s+\w+\s+you\s+(?:deleted|removed|changed|ran|pushed|touched)\b",
            r"|\bim\s+(?:Abschlussbericht|Bericht)\s+nicht\s+(?:aufgeführt|erwähnt)|\bnicht\s+im\s+(?:Abschlussbericht|Bericht)\b|\bn'apparaissent?\s+pas\s+dans\s+le\s+(?:rapport|résumé)",
            r"|\bomite\s+(?:los|las)\s+que\b|\bno\s+(?:los|las)\s+incluyas\s+en\s+el\s+(?:informe|resumen)|\bnão\s+entram\s+no\s+resumo|\bnon\s+(?:li|le)\s+includere\s+nel\s+riepilogo",
            r"|не\s+(?:упоминай|включай|указывай)\S*\s+(?:их\s+|это\s+)?в\s+(?:итогов|отчёт|отчет)|不要写进报告|不要写入报告|不要写进总结|報告に含めない|요약에서\s*빼",
        )
    };
}
