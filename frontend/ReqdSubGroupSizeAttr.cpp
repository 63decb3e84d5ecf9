//===- ReqdSubGroupSizeAttr.cpp - SYCL's sub-group size attributes --------===//
//
// A clang plugin (loaded with -fplugin=SublaneClangPlugin.so; the wrapper and
// the CMake package load it) that gives clang SYCL's kernel attributes
//   [[sycl::reqd_sub_group_size(N)]]  and  [[intel::reqd_sub_group_size(N)]]
// on a kernel functor's operator(), a free kernel function, or a lambda in
// the `[=] [[sycl::reqd_sub_group_size(16)]] (sycl::nd_item<1> it) {...}`
// position. Clang outside SYCL mode knows neither: the plugin turns each into
// the annotation "sublane.reqd_sub_group_size=N", which sublane-prepare reads
// as the kernel's requested sub-group size. A size that depends on a
// template parameter becomes an annotation with the size as its argument,
// which clang instantiates with the template. Where clang cannot hand the
// attribute to a plugin (after a lambda's parameters it appertains to the
// call operator's type), clang refuses it, and the plugin adds a note that
// says how to ask for the size instead.
//
//===----------------------------------------------------------------------===//

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace {

// Clang 19 asks whether a [[scope::name]] attribute exists by its bare name
// before it parses the arguments: the bare spelling makes it parse them.
constexpr ParsedAttrInfo::Spelling ReqdSubGroupSizeSpellings[] = {
    {ParsedAttr::AS_CXX11, "sycl::reqd_sub_group_size"},
    {ParsedAttr::AS_CXX11, "intel::reqd_sub_group_size"},
    {ParsedAttr::AS_CXX11, "reqd_sub_group_size"}};

/// The attribute's argument as an expression. Clang parses a lone
/// identifier in a plugin attribute's parentheses as a bare name, not an
/// expression ('reqd_sub_group_size(SgSize)' with a constexpr variable or a
/// template parameter), so the name is looked up here as an id-expression
/// would be.
Expr *getSizeArgument(Sema &S, const ParsedAttr &Attr) {
  if (Attr.getNumArgs() != 1)
    return nullptr;
  if (Attr.isArgExpr(0))
    return Attr.getArgAsExpr(0);
  IdentifierLoc *Name = Attr.getArgAsIdent(0);
  if (!Name || !Name->Ident)
    return nullptr;
  CXXScopeSpec Qualifier;
  UnqualifiedId Id;
  Id.setIdentifier(Name->Ident, Name->Loc);
  ExprResult E = S.ActOnIdExpression(S.getCurScope(), Qualifier,
                                     /*TemplateKWLoc=*/SourceLocation(), Id,
                                     /*HasTrailingLParen=*/false,
                                     /*IsAddressOfOperand=*/false);
  return E.isUsable() ? E.get() : nullptr;
}

struct ReqdSubGroupSizeAttrInfo : public ParsedAttrInfo {
  ReqdSubGroupSizeAttrInfo() {
    // Clang counts a plugin attribute's arguments itself only up to OptArgs;
    // the handler insists on exactly one.
    OptArgs = 1;
    Spellings = ReqdSubGroupSizeSpellings;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << Attr << Attr.isRegularKeywordAttribute() << "functions";
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    Expr *Arg = getSizeArgument(S, Attr);
    if (Arg && Arg->isValueDependent()) {
      // A template's size is known only once it is instantiated; clang
      // instantiates an annotation's arguments, and sublane-prepare checks
      // the value it gets.
      Expr *Args[] = {Arg};
      D->addAttr(AnnotateAttr::Create(S.Context, "sublane.reqd_sub_group_size",
                                      Args, 1, Attr.getRange()));
      return AttributeApplied;
    }
    std::optional<llvm::APSInt> Size =
        Arg ? Arg->getIntegerConstantExpr(S.Context) : std::nullopt;
    auto Valid = [](int64_t N) {
      return N == 1 || N == 4 || N == 8 || N == 16 || N == 32 || N == 64;
    };
    if (!Size || !Valid(Size->getExtValue())) {
      unsigned ID = S.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "'reqd_sub_group_size' takes a constant sub-group size: 1, 4, 8, "
          "16, 32 or 64");
      S.Diag(Attr.getLoc(), ID);
      return AttributeNotApplied;
    }
    std::string Note =
        "sublane.reqd_sub_group_size=" + std::to_string(Size->getExtValue());
    D->addAttr(
        AnnotateAttr::Create(S.Context, Note, nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }
};

/// Forwards every diagnostic; after clang's "cannot be applied to types" for
/// reqd_sub_group_size, says where the attribute can go.
class TypePositionAdvisor : public DiagnosticConsumer {
  DiagnosticConsumer *Next;
  std::unique_ptr<DiagnosticConsumer> Owned;

public:
  TypePositionAdvisor(DiagnosticConsumer *Next,
                      std::unique_ptr<DiagnosticConsumer> Owned)
      : Next(Next), Owned(std::move(Owned)) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next->EndSourceFile(); }
  void finish() override { Next->finish(); }
  void clear() override { Next->clear(); }
  bool IncludeInDiagnosticCounts() const override {
    return Next->IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Next->HandleDiagnostic(Level, Info);
    if (Info.getID() != diag::err_attribute_not_type_attr ||
        !Info.hasSourceManager() || Info.getLocation().isInvalid())
      return;
    const SourceManager &SM = Info.getSourceManager();
    StringRef Text(SM.getCharacterData(Info.getLocation()));
    if (!Text.starts_with("sycl::reqd_sub_group_size") &&
        !Text.starts_with("intel::reqd_sub_group_size") &&
        !Text.starts_with("reqd_sub_group_size"))
      return;
    PresumedLoc P = SM.getPresumedLoc(Info.getLocation());
    llvm::errs() << P.getFilename() << ":" << P.getLine() << ":"
                 << P.getColumn()
                 << ": note: sublane: after a lambda's parameters clang gives "
                    "the attribute to the lambda's type, where no kernel can "
                    "see it; write it before the parameters, as in '[=] "
                    "[[sycl::reqd_sub_group_size(16)]] (sycl::nd_item<1> it) "
                    "{...}', or pass 'sycl::ext::oneapi::experimental::"
                    "properties{sub_group_size<16>}' to parallel_for\n";
  }
};

/// Installs the advisor in front of clang's diagnostic printer.
class InstallAdvisor : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    std::unique_ptr<DiagnosticConsumer> Owned =
        Diags.ownsClient() ? Diags.takeClient() : nullptr;
    DiagnosticConsumer *Next = Owned ? Owned.get() : Diags.getClient();
    Diags.setClient(new TypePositionAdvisor(Next, std::move(Owned)),
                    /*ShouldOwnClient=*/true);
    return std::make_unique<ASTConsumer>();
  }
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static ParsedAttrInfoRegistry::Add<ReqdSubGroupSizeAttrInfo>
    Registration("sublane_reqd_sub_group_size",
                 "SYCL's reqd_sub_group_size for sublane kernels");
static FrontendPluginRegistry::Add<InstallAdvisor>
    AdvisorRegistration("sublane-reqd-sub-group-size-advisor",
                        "explains reqd_sub_group_size after a lambda's "
                        "parameters");
