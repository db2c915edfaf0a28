; NSIS include (electron-builder.json nsis.include). Windows offers Referee Desk under "Open with" for
; PDF and Word manuscripts without becoming their default app: one ProgID of its own and an
; OpenWithProgids entry per extension. The extensions' default values (Software\Classes\.pdf and
; .docx) are never written, so the editor's PDF reader and Word stay the defaults, and uninstalling
; removes exactly what was added. SHELL_CONTEXT is the current user or the machine, as installed.
!define DESK_PROGID "RefereeDesk.Manuscript"

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\${DESK_PROGID}" "" "Manuscript"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${DESK_PROGID}" "FriendlyTypeName" "Manuscript"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${DESK_PROGID}\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${DESK_PROGID}\shell\open" "" "Open with ${PRODUCT_NAME}"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${DESK_PROGID}\shell\open\command" "" '"$appExe" "%1"'
  WriteRegNone SHELL_CONTEXT "Software\Classes\.pdf\OpenWithProgids" "${DESK_PROGID}"
  WriteRegNone SHELL_CONTEXT "Software\Classes\.docx\OpenWithProgids" "${DESK_PROGID}"
  ; SHCNE_ASSOCCHANGED: Explorer reads the associations again
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
!macroend

; An update runs the old uninstaller first: the entries stay for the new version.
!macro customUnInstall
  ${ifNot} ${isUpdated}
    DeleteRegValue SHELL_CONTEXT "Software\Classes\.pdf\OpenWithProgids" "${DESK_PROGID}"
    DeleteRegValue SHELL_CONTEXT "Software\Classes\.docx\OpenWithProgids" "${DESK_PROGID}"
    DeleteRegKey SHELL_CONTEXT "Software\Classes\${DESK_PROGID}"
    System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  ${endIf}
!macroend
